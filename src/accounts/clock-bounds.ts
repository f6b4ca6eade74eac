/** How far an account clock may be from real time: 10 years either way. */
export const MAX_CLOCK_SKEW_MS = 10 * 365.25 * 24 * 60 * 60 * 1000;
