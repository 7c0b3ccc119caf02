import type { PickAnswer, PickList } from '@wms/contract';

/** Fixtures of the picking apps' dom tests. */

/**
 * The pick answer a fake server gives: the change of the picked line of the list as it is after
 * the pick (the server answers the change only; the screen merges it).
 */
export function pickAnswerOf(
  list: PickList,
  body: { lineNumber: number },
  options: { zeroCheck?: boolean; replayed?: boolean } = {},
): PickAnswer {
  const line = list.lines.find((candidate) => candidate.lineNumber === body.lineNumber);
  if (!line) throw new Error(`line ${body.lineNumber} not on ${list.code}`);
  return {
    change: {
      code: list.code,
      status: list.status,
      version: list.version,
      linesTotal: list.linesTotal,
      linesPicked: list.linesPicked,
      line,
    },
    zeroCheck: options.zeroCheck ?? false,
    replayed: options.replayed ?? false,
  };
}
