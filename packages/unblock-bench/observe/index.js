/**
 * `unblock-bench observe` as an API (the CLI's command.js and the editor's "Measure" use it):
 *
 *   const observation = await runObserve({ fixture: 'fixtures/observe-dashboard' }, { onProgress, signal });
 *   await writeObservation(observation, defaultObservedFile(observation)); // what the rules read back
 *   console.log(formatObservation(observation));
 */
export { runObserve } from './observe.js';
export { formatObservation } from './print/print-terminal.js';
export { renderObservationHtml } from './print/print-html.js';
export { writeObservation, defaultObservedFile, observationJson, mergeObservations } from './observed-file.js';
