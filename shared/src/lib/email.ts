/**
 * A plausible e-mail address, before asking the server (which checks it again and has
 * the last word): something@domain.tld, no spaces, a top-level domain of two letters or
 * more, at most 254 characters (the server's limit). Surrounding spaces are ignored: the
 * forms send the trimmed value.
 */
export function isEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email);
}
