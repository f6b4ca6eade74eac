// The package's programmatic API: the test kit first, then the building blocks it is made of.

export { DataDirLockedError, type LockHolder } from './accounts/data-lock.js';
export { DEFAULT_ACCOUNT } from './accounts/host.js';
export type { JournalEntry } from './accounts/journal.js';
export type { CallCount, JournalQuery } from './accounts/journal-query.js';
export { createSimulator, type Simulator, type SimulatorOptions } from './app.js';
export { DEMO_API_KEY, DEMO_CLIENT_ID, DEMO_SECRET } from './auth/credentials.js';
export type { FaultRule, FaultRuleInput } from './faults/schemas.js';
export type { Answer } from './kit/answer.js';
export { type ConnectOptions, connectSimulator, RemoteSimulator } from './kit/connect.js';
export type { NewTestAccount } from './kit/create-account.js';
export { startSimulator, TestSimulator, type TestSimulatorOptions } from './kit/start.js';
export { type AppliedScenario, type CallOptions, type Duration, TestAccount } from './kit/test-account.js';
export { type RunningServer, type ServerOptions, startServer } from './server.js';
