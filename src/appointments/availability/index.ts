// The availability engine, loaded by the endpoints on first use: it reads time zones, and ICU's
// time-zone data costs tens of milliseconds to load, which start-up should not pay.

export { availableDates, HORIZON_DAYS } from './dates.js';
export { diaryIndex } from './diary-index.js';
export { availableTimes } from './times.js';
export { unavailableItems } from './validate.js';
