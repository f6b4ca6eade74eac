#!/usr/bin/env node
import { DataDirLockedError } from './accounts/data-lock.js';
import { DEFAULT_ACCOUNT } from './accounts/host.js';
import { DEMO_API_KEY, DEMO_CLIENT_ID, DEMO_SECRET } from './auth/credentials.js';
import { HELP, parseCli, UsageError } from './cli-options.js';
import { PACKAGE_VERSION } from './package-version.js';
import { ScenarioError } from './scenarios/load.js';
import { startServer } from './server.js';

async function main(): Promise<void> {
  if (process.argv[2] === 'conform') {
    const { conformCommand } = await import('./conform/conform-command.js');
    const io = { stdout: (t: string) => process.stdout.write(t), stderr: (t: string) => process.stderr.write(t) };
    process.exitCode = await conformCommand(process.argv.slice(3), { ...io, isTTY: process.stderr.isTTY });
    return;
  }
  if (process.argv[2] === 'snapshot' || process.argv[2] === 'restore') {
    const { restoreCommand, snapshotCommand } = await import('./cli-snapshot.js');
    const io = {
      stdout: (t: string) => process.stdout.write(t),
      stderr: (t: string) => process.stderr.write(t),
      env: process.env,
    };
    const command = process.argv[2] === 'snapshot' ? snapshotCommand : restoreCommand;
    process.exitCode = await command(process.argv.slice(3), io);
    return;
  }
  if (process.argv[2] === 'rebalance') {
    const { rebalanceCommand } = await import('./cli-rebalance.js');
    const io = {
      stdout: (t: string) => process.stdout.write(t),
      stderr: (t: string) => process.stderr.write(t),
      env: process.env,
    };
    process.exitCode = await rebalanceCommand(process.argv.slice(3), io);
    return;
  }
  let options;
  try {
    options = parseCli(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`business-api-sim: ${error.message}\nRun 'business-api-sim --help' for the options.`);
    process.exit(2);
  }
  if (options === 'help') {
    console.log(HELP);
    return;
  }
  if (options === 'version') {
    console.log(PACKAGE_VERSION);
    return;
  }
  let server;
  try {
    server = await startServer(options);
  } catch (error) {
    if (!(error instanceof ScenarioError) && !(error instanceof DataDirLockedError)) throw error;
    console.error(`business-api-sim: ${error.message}`);
    process.exit(2);
  }
  // Before the banner: a stop once it is shown closes cleanly (letting go of the data directory).
  const running = server;
  const stop = () => {
    running.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const base = server.url;
  console.log(`Business API simulator listening on ${base}
  default account: ${DEFAULT_ACCOUNT} (base URL ${base}; any account: ${base}/accounts/<name>)
  credential:      clientId ${DEMO_CLIENT_ID}, secret ${DEMO_SECRET}
  try:             curl -s -X POST ${base}/api/v2/token -H 'Content-Type: application/json' \\
                     -d '{"clientId":"${DEMO_CLIENT_ID}","secret":"${DEMO_SECRET}"}'
  version 1:       API key ${DEMO_API_KEY} in the ServiceApiKey header,
                   e.g. curl -s ${base}/api/sites -H 'ServiceApiKey: ${DEMO_API_KEY}'
  console:         ${base}/__admin/console
  docs:            ${base}/docs
  control plane:   ${base}/__admin/health${options.scenario ? `\n  scenario:        ${options.scenario}` : ''}`);
}

main().catch((error) => {
  console.error(`business-api-sim: ${(error as Error).message}`);
  process.exit(1);
});
