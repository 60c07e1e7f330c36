/**
 * Reading environment variables under scoped permissions: with
 * `--allow-env=NAME,...` a variable outside the list throws instead of
 * reading as unset. choto treats such a variable as unset, so a narrow
 * permission set costs a default, never a crash.
 *
 * @module
 */

/** The variable's value, or undefined when unset or not permitted. */
export function envVar(name: string): string | undefined {
  try {
    return Deno.env.get(name);
  } catch {
    return undefined;
  }
}
