/**
 * Vision framework for `Deno.dlopen`.
 *
 * Vision is pure Objective-C: it exports no C functions we call. Opening it
 * makes its classes (VNImageRequestHandler, VNRecognizeTextRequest, …)
 * register with the runtime so `objc_getClass` finds them. The methods used
 * through libobjc's `objc_msgSend` aliases are, as declared in the headers:
 *
 * VNRequestHandler.h (VNImageRequestHandler):
 *   - (instancetype)initWithCGImage:(CGImageRef)image options:(NSDictionary<VNImageOption, id> *)options;
 *   - (BOOL)performRequests:(NSArray<VNRequest *> *)requests error:(NSError **)error;
 * VNRecognizeTextRequest.h:
 *   typedef NS_ENUM(NSInteger, VNRequestTextRecognitionLevel) { VNRequestTextRecognitionLevelAccurate = 0, VNRequestTextRecognitionLevelFast };
 *   @property (readwrite, nonatomic, assign) VNRequestTextRecognitionLevel recognitionLevel;
 *   @property (readwrite, nonatomic, assign) BOOL usesLanguageCorrection;
 * VNRequest.h:
 *   results (an NSArray of observations, nullable; not re-read verbatim, see docs/macos-ffi.md)
 * VNObservation.h:
 *   (VNDetectedObjectObservation) @property (readonly, nonatomic, assign) CGRect boundingBox;
 *   (VNRecognizedTextObservation) - (NSArray<VNRecognizedText*>*) topCandidates:(NSUInteger)maxCandidateCount;
 *   (VNRecognizedText) @property (readonly, nonatomic, copy) NSString *string;
 *   (VNRecognizedText) @property (readonly, nonatomic, assign) VNConfidence confidence;
 *   (VNRecognizedText) - (nullable VNRectangleObservation *)boundingBoxForRange:(NSRange)range error:(NSError**)error;
 *
 * @module
 */

/** The framework binary (a path inside the dyld shared cache). */
export const VISION_PATH = "/System/Library/Frameworks/Vision.framework/Vision";

/** No C symbols are needed; the empty table still loads the framework. */
export const vision = {} as const satisfies Deno.ForeignLibraryInterface;
