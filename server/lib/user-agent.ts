import Bowser from 'bowser';

export type DeviceDescription = { browser: string; os: string; device: string };

/** "Chrome", "Android", "mobile" from a User-Agent header (bowser), for the account page's session list and sign-in emails. */
export function describeUserAgent(userAgent: string): DeviceDescription {
  const parsed = Bowser.parse(userAgent.trim() || ' ');
  return {
    browser: parsed.browser.name || 'Unknown browser',
    os: parsed.os.name || 'Unknown system',
    device: parsed.platform.type || 'unknown',
  };
}

/** "Chrome on Android" */
export function deviceLabel(userAgent: string): string {
  const d = describeUserAgent(userAgent);
  return `${d.browser} on ${d.os}`;
}
