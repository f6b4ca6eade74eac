// Dates as the API writes them: UTC, `yyyy-MM-dd HH:mm`.

const DAY = 86_400_000;

export const apiDateTime = (ms: number): string => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** The API date-time `days` whole days from `now`, at midnight UTC. */
export const dayFrom = (now: number, days: number): string => apiDateTime(Math.floor(now / DAY) * DAY + days * DAY);

/** Epoch ms of an API date-time, or undefined. */
export function parseApiDateTime(text: string): number | undefined {
  const ms = Date.parse(`${text.replace(' ', 'T')}:00Z`);
  return Number.isNaN(ms) ? undefined : ms;
}
