/**
 * Which GS1 element strings may stand together in one scan (General Specifications 4.14, the
 * Syntax Dictionary's "ex=" exclusions and "req=" requisites), written as our own table.
 *
 * - Invalid pairs (both directions): e.g. (01) with (02), (37) or (255); (02) with (03); (21)
 *   with (235); (420) with (421); (8006) with (01) or (37); (8026) with (02) or (8006); one
 *   measure twice with different decimal places, (3103) with (3102). An AI never excludes itself
 *   (the same AI twice with different data is gs1ConflictingValues in gs1.ts).
 * - Requisites are checked when the scan carries a trade item key (01, 02, 03, 8006, 8026): then
 *   every element needs one of its companions in the same scan, e.g. (02) needs (37), (37) needs
 *   (02) or (8026), (21) needs (01), (03) or (8006). A scan without such a key (a batch, date or
 *   SSCC symbol of its own) is read as it is: GS1 evaluates pairings over every symbol of the same
 *   unit, so the companions may be in another barcode of the label. For the same reason (00) is
 *   not required beside (02) and (37): the SSCC usually has a symbol of its own on a logistic label.
 */
import type { Gs1Problem } from './gs1.js';

/** An AI, or a family whose last digit is the decimal places: '310n' is 3100..3109. */
type Pattern = string;

const matches = (pattern: Pattern, ai: string) =>
  pattern.endsWith('n') ? ai.length === pattern.length && ai.startsWith(pattern.slice(0, -1)) : ai === pattern;

/** The trade measures and logistic measures 31nn-36nn: each excludes itself with other decimals. */
const measurePrefixes = [
  ...['310', '311', '312', '313', '314', '315', '316'],
  ...['320', '321', '322', '323', '324', '325', '326', '327', '328', '329'],
  ...['330', '331', '332', '333', '334', '335', '336', '337'],
  ...['340', '341', '342', '343', '344', '345', '346', '347', '348', '349'],
  ...['350', '351', '352', '353', '354', '355', '356', '357'],
  ...['360', '361', '362', '363', '364', '365', '366', '367', '368', '369'],
];

/** [an AI or family, the AIs or families it may not stand with]. */
const exclusions: [Pattern, Pattern[]][] = [
  ['01', ['02', '03', '37', '255', '8006']],
  ['02', ['03', '255', '8026']],
  ['03', ['37', '235', '8006', '8026']],
  ['21', ['235']],
  ['255', ['415', '8006', '8020', '8026']],
  ...measurePrefixes.map((prefix): [Pattern, Pattern[]] => [`${prefix}n`, [`${prefix}n`]]),
  ['37', ['8006']],
  ['390n', ['390n', '391n', '394n', '8111']],
  ['391n', ['391n']],
  ['392n', ['392n', '393n', '395n']],
  ['393n', ['393n', '395n']],
  ['394n', ['394n', '8111']],
  ['395n', ['395n', '8005']],
  ['420', ['421']],
  ['421', ['4307']],
  ['426', ['422', '423', '424', '425']],
  ['4330', ['4331']],
  ['4332', ['4333']],
  ['7240', ['03']],
  ['7250', ['7251']],
  ['7256', ['7253', '7254', '7255', '7259']],
  ['7259', ['7253', '7254', '7255']],
  ['8006', ['8026']],
  ['8017', ['8018']],
];

/** The keys that make a scan describe a trade item on its own (requisites are checked then). */
const tradeItemKeys = ['01', '02', '03', '8006', '8026'];

const anyTradeItem = ['01', '02', '03', '8006', '8026'];
const gtinOrContent = ['01', '02'];
const gtinOrMadeToOrder = ['01', '02', '03'];
const logistic = ['00', '01'];

/** [an AI or family, the AIs or families one of which must stand with it]. */
const requisites: [Pattern, Pattern[]][] = [
  ['02', ['37']],
  ['8026', ['37']],
  ['37', ['02', '8026']],
  ...['10', '11', '13', '15', '16', '20', '240', '241', '422'].map((ai): [Pattern, Pattern[]] => [ai, anyTradeItem]),
  ['17', [...anyTradeItem, '255']],
  ['242', ['01', '02', '8006', '8026']],
  ['7001', ['01', '02', '8006', '8026']],
  ['21', ['01', '03', '8006']],
  ['250', ['01', '03', '8006']],
  ['251', ['01', '03', '8006']],
  ['7020', ['01', '03', '8006']],
  ['7021', ['01', '03', '8006']],
  ['7022', ['01', '03', '8006']],
  ['8012', ['01', '03', '8006']],
  ['243', ['01', '03']],
  ['7004', ['01', '03']],
  ...['22', '235', '337n', '392n', '8001', '8014', '8040', '8041', '8042', '8043', '8200'].map(
    (ai): [Pattern, Pattern[]] => [ai, ['01']],
  ),
  ...['710', '711', '712', '713', '714', '715', '716', '717'].map((ai): [Pattern, Pattern[]] => [ai, ['01']]),
  ['7240', ['01', '8006']],
  ['723n', ['01', '8004']],
  ['30', gtinOrContent],
  ...['310', '311', '312', '313', '314', '315', '316', '350', '351', '352', '356', '357', '360', '361'].map(
    (prefix): [Pattern, Pattern[]] => [`${prefix}n`, gtinOrContent],
  ),
  ...['320', '321', '322', '323', '324', '325', '326', '327', '328', '329', '364', '365', '366'].map(
    (prefix): [Pattern, Pattern[]] => [`${prefix}n`, gtinOrContent],
  ),
  ...['330', '331', '332', '333', '334', '335', '336', '340', '341', '342', '343', '344', '345', '346'].map(
    (prefix): [Pattern, Pattern[]] => [`${prefix}n`, logistic],
  ),
  ...['347', '348', '349', '353', '354', '355', '362', '363', '367', '368', '369'].map(
    (prefix): [Pattern, Pattern[]] => [`${prefix}n`, logistic],
  ),
  ...['7002', '7005', '7006', '7007', '7008', '7009', '8005'].map((ai): [Pattern, Pattern[]] => [ai, gtinOrContent]),
  ...['7030', '7031', '7032', '7033', '7034', '7035', '7036', '7037', '7038', '7039'].map(
    (ai): [Pattern, Pattern[]] => [ai, gtinOrContent],
  ),
  ...['423', '424', '425', '426', '427', '7003', '7010', '7011', '8008'].map((ai): [Pattern, Pattern[]] => [
    ai,
    gtinOrMadeToOrder,
  ]),
  ['8009', ['00', '01', '03']],
];

/** How a family or AI is named in a message: '310n' as 310n, others as they are. */
const named = (patterns: Pattern[]) => patterns.join(', ');

/**
 * The first rule a set of AIs (each once, in scan order) breaks, or null: gs1InvalidCombination
 * {first, second} for an invalid pair, gs1MissingCompanion {ai, required} for a missing requisite.
 */
export function combinationProblem(ais: readonly string[]): Gs1Problem | null {
  for (const [index, first] of ais.entries()) {
    for (const second of ais.slice(index + 1)) {
      if (first === second) continue;
      const excluded = exclusions.some(
        ([pattern, others]) =>
          (matches(pattern, first) && others.some((other) => matches(other, second))) ||
          (matches(pattern, second) && others.some((other) => matches(other, first))),
      );
      if (excluded) return { key: 'gs1InvalidCombination', args: { first, second } };
    }
  }
  if (!ais.some((ai) => tradeItemKeys.includes(ai))) return null;
  for (const ai of ais) {
    const rule = requisites.find(([pattern]) => matches(pattern, ai));
    if (rule && !rule[1].some((companion) => ais.some((other) => matches(companion, other)))) {
      return { key: 'gs1MissingCompanion', args: { ai, required: named(rule[1]) } };
    }
  }
  return null;
}
