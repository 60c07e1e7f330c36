/**
 * A property list written as Apple's XML format, for the Info.plist,
 * entitlements and LaunchAgent that `deno task app` writes. Pure: a value
 * in, the file's text out. Strings are escaped, so a path or a name with
 * `&` or `<` stays one string; `tests/macos_app_test.ts` reads the output
 * back with Python's plistlib.
 *
 * @module
 */

/** A value a property list can hold (dates and data are not needed here). */
export type PlistValue = string | number | boolean | PlistValue[] | { [key: string]: PlistValue };

const HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n' +
  '<plist version="1.0">\n';

/** Text escaped for an XML element's content. */
export function escapeXml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/** The XML property list of `value`, with a trailing newline. */
export function toPlist(value: PlistValue): string {
  return `${HEADER}${element(value, "")}\n</plist>\n`;
}

function element(value: PlistValue, indent: string): string {
  if (typeof value === "string") return `${indent}<string>${escapeXml(value)}</string>`;
  if (typeof value === "boolean") return `${indent}<${value}/>`;
  if (typeof value === "number") {
    // A plist integer has no fraction; anything else would be read back as another number.
    if (!Number.isSafeInteger(value)) {
      throw new Error(`a plist integer must be a whole number (got ${value})`);
    }
    return `${indent}<integer>${value}</integer>`;
  }
  const inner = indent + "\t";
  if (Array.isArray(value)) {
    if (!value.length) return `${indent}<array/>`;
    return `${indent}<array>\n${value.map((v) => element(v, inner)).join("\n")}\n${indent}</array>`;
  }
  const entries = Object.entries(value);
  if (!entries.length) return `${indent}<dict/>`;
  const body = entries.map(([k, v]) => `${inner}<key>${escapeXml(k)}</key>\n${element(v, inner)}`);
  return `${indent}<dict>\n${body.join("\n")}\n${indent}</dict>`;
}
