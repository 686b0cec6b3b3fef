import { stopAllChildren } from './supervisor.js';

/**
 * Ctrl-C (or SIGTERM) cancels a command's run, which still stops its servers, removes its folders
 * and prints what it has; a second one stops every child at once and exits. Used by the bench and
 * by observe.
 * @returns {{ signal: AbortSignal, stop(): void }}
 */
export function listenForCancel() {
  const controller = new AbortController();
  let interrupts = 0;
  const onSignal = (/** @type {NodeJS.Signals} */ sig) => {
    interrupts += 1;
    controller.abort(sig === 'SIGINT' ? 'Ctrl-C' : sig);
    if (interrupts > 1) stopAllChildren().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    stop() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
