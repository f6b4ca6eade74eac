import { createHmac } from 'node:crypto';

// Deliveries are signed with HMAC-SHA256 over `<timestamp>.<raw body>` with the subscription's
// secret; the timestamp is in its own header so a receiver can refuse replays of old requests.

export const SIGNATURE_HEADER = 'x-signature';
export const TIMESTAMP_HEADER = 'x-signature-timestamp';

export function sign(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
