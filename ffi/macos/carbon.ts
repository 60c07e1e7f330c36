/**
 * The keyboard layout API for `Deno.dlopen`, through the Carbon umbrella
 * framework. Declarations only.
 *
 * Carbon.tbd re-exports HIToolbox (TextInputSources.h: the TIS functions and
 * property keys; Events.h: LMGetKbdType) and ApplicationServices, which
 * re-exports CoreServices and with it CarbonCore (UnicodeUtilities.h:
 * UCKeyTranslate); `dlsym` follows re-exports, so one handle reaches all of
 * them. Checked against the headers of the SDK in
 * mitchellh/zig-build-macos-sdk. `UInt16`/`UInt32`/`OptionBits` are u16/u32,
 * `UniCharCount` is unsigned long (usize), `OSStatus` is SInt32, `UInt8` is u8.
 *
 * @module
 */

/** The umbrella framework binary (a path inside the dyld shared cache). */
export const CARBON_PATH = "/System/Library/Frameworks/Carbon.framework/Carbon";

/** Symbol table for the keyboard layout functions. */
export const carbon = {
  // TextInputSources.h: extern TISInputSourceRef TISCopyCurrentKeyboardLayoutInputSource(void) AVAILABLE_MAC_OS_X_VERSION_10_5_AND_LATER;
  // Copy rule: CFRelease. For an input method it is the keyboard layout the method types with.
  TISCopyCurrentKeyboardLayoutInputSource: { parameters: [], result: "pointer" },
  // TextInputSources.h: extern void * TISGetInputSourceProperty(TISInputSourceRef inputSource, CFStringRef propertyKey);
  // Get rule: borrowed from the input source.
  TISGetInputSourceProperty: { parameters: ["pointer", "pointer"], result: "pointer" },
  // TextInputSources.h: extern const CFStringRef kTISPropertyUnicodeKeyLayoutData;  (a CFDataRef of 'uchr' data)
  kTISPropertyUnicodeKeyLayoutData: { type: "pointer" },
  // TextInputSources.h: extern const CFStringRef kTISPropertyInputSourceID;  (a CFStringRef)
  kTISPropertyInputSourceID: { type: "pointer" },
  // TextInputSources.h: extern const CFStringRef kTISPropertyLocalizedName;  (a CFStringRef)
  kTISPropertyLocalizedName: { type: "pointer" },
  // Events.h: extern UInt8 LMGetKbdType(void) AVAILABLE_MAC_OS_X_VERSION_10_0_AND_LATER;
  LMGetKbdType: { parameters: [], result: "u8" },
  // UnicodeUtilities.h: extern OSStatus UCKeyTranslate(const UCKeyboardLayout * keyLayoutPtr,
  //     UInt16 virtualKeyCode, UInt16 keyAction, UInt32 modifierKeyState, UInt32 keyboardType,
  //     OptionBits keyTranslateOptions, UInt32 * deadKeyState, UniCharCount maxStringLength,
  //     UniCharCount * actualStringLength, UniChar unicodeString[]);
  UCKeyTranslate: {
    parameters: ["pointer", "u16", "u16", "u32", "u32", "u32", "buffer", "usize", "buffer", "buffer"],
    result: "i32",
  },
} as const satisfies Deno.ForeignLibraryInterface;

/** UnicodeUtilities.h: kUCKeyActionDown = 0. */
export const kUCKeyActionDown = 0;
/** UnicodeUtilities.h: kUCKeyTranslateNoDeadKeysMask = 1L << kUCKeyTranslateNoDeadKeysBit (0). */
export const kUCKeyTranslateNoDeadKeysMask = 1;
/**
 * Events.h EventModifiers bits, shifted right by 8 as UCKeyTranslate's
 * modifierKeyState wants them: cmdKey 1 << 8, shiftKey 1 << 9, optionKey 1 << 11.
 */
export const UC_MODIFIER = { cmd: 1, shift: 2, option: 8 } as const;
