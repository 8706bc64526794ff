/** Content-Security-Policy headers read as the tests check them. */

/** The directives of a policy, by name (in lower case), each with its sources. */
export function directives(policy: string): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) parsed.set(name.toLowerCase(), values);
  }
  return parsed;
}
