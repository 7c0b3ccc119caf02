/**
 * Listener registries fed by the scanner bar: `_be_peripheral_input_` values go to whoever listens
 * for peripheral input (a scale, a printer bridge), `_be_open_work_times_` asks an open work time
 * screen to show its timers (useScannerCommands goes to the work times when none listens).
 * Usable outside React; each `on...` returns its unsubscribe.
 */

type Listener<T> = (value: T) => void;

function registry<T>() {
  const listeners = new Set<Listener<T>>();
  return {
    on: (listener: Listener<T>): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Calls every listener; returns how many there were (0: nobody handled it). */
    emit: (value: T): number => {
      for (const listener of [...listeners]) listener(value);
      return listeners.size;
    },
  };
}

const peripheral = registry<string>();
const workTimes = registry<string>();

export const onPeripheralInput = peripheral.on;
export const emitPeripheralInput = peripheral.emit;
export const onOpenWorkTimes = workTimes.on;
export const emitOpenWorkTimes = workTimes.emit;
