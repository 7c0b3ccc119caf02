/**
 * Our table of GS1 application identifiers (GS1 General Specifications section 3 and the GS1
 * Barcode Syntax Dictionary). Each entry: the AI, its data title and its format.
 *
 * Format notation (the Syntax Dictionary's, simplified): components joined by `+`; `N` digits,
 * `X` GS1 AI encodable character set 82, `Y` set 39, `Z` set 64 (base64url), `S` a minus sign;
 * `N6` exactly six, `X..20` one to twenty; a component in brackets is optional.
 * `cd` = the length of the leading digits that end in a GS1 mod-10 check digit.
 */
import type { Gs1DateKind } from './gs1-dates.js';

/** How an AI's data is read: text, a number with implied decimals, a count, or a date (gs1-dates.ts). */
export type Gs1ValueKind = 'text' | 'decimal' | 'integer' | Gs1DateKind;

export interface Gs1Component {
  charset: 'N' | 'X' | 'Y' | 'Z' | 'S';
  min: number;
  max: number;
  optional: boolean;
}

export interface Gs1AiDefinition {
  ai: string;
  title: string;
  components: Gs1Component[];
  /** Total length when every component is fixed and required, else null (variable). */
  fixedLength: number | null;
  kind: Gs1ValueKind;
  /** Leading digits that end in a mod-10 check digit (GTIN, SSCC, GLN, ...). */
  checkDigitLength: number | null;
  /** Dates of AIs 11-17, 4324 and 4325 may carry day 00: the last day of the month. */
  allowDayZero: boolean;
  /** Decimal places, the AI's last digit for 31nn-36nn, 390n, 392n, 394n, 395n. */
  decimals: number;
  /** A count that must not be 0 (30, 37): a count of nothing would be booked as one scan. */
  nonZero: boolean;
}

interface Options {
  kind?: Gs1ValueKind;
  cd?: number;
  dayZero?: boolean;
  decimals?: number;
  nonZero?: boolean;
}

const table = new Map<string, Gs1AiDefinition>();

function parseFormat(format: string): Gs1Component[] {
  return format.split('+').map((part) => {
    const optional = part.startsWith('[') && part.endsWith(']');
    const body = optional ? part.slice(1, -1) : part;
    const match = /^([NXYZS])(\d*)(?:\.\.(\d+))?$/.exec(body);
    if (!match) throw new Error(`bad GS1 format ${format}`);
    const charset = match[1] as Gs1Component['charset'];
    const variable = match[3] !== undefined;
    const max = Number(variable ? match[3] : match[2]);
    return { charset, min: variable ? 1 : max, max, optional };
  });
}

function add(ai: string, title: string, format: string, options: Options = {}): void {
  const components = parseFormat(format);
  const fixed = components.every((c) => c.min === c.max && !c.optional);
  table.set(ai, {
    ai,
    title,
    components,
    fixedLength: fixed ? components.reduce((sum, c) => sum + c.max, 0) : null,
    kind: options.kind ?? 'text',
    checkDigitLength: options.cd ?? null,
    allowDayZero: options.dayZero ?? false,
    decimals: options.decimals ?? 0,
    nonZero: options.nonZero ?? false,
  });
}

/** Adds the AIs `prefix` + n for n in 0..maxDecimals, n being the decimal places. */
function addDecimal(
  prefix: string,
  title: string,
  format: string,
  maxDecimals: number,
  kind: Gs1ValueKind = 'decimal',
): void {
  for (let n = 0; n <= maxDecimals; n++) add(`${prefix}${n}`, title, format, { kind, decimals: n });
}

const date = { kind: 'date', dayZero: true } as const;

add('00', 'SSCC', 'N18', { cd: 18 });
add('01', 'GTIN', 'N14', { cd: 14 });
add('02', 'CONTENT', 'N14', { cd: 14 });
add('03', 'MTO GTIN', 'N14', { cd: 14 });
add('10', 'BATCH/LOT', 'X..20');
add('11', 'PROD DATE', 'N6', date);
add('12', 'DUE DATE', 'N6', date);
add('13', 'PACK DATE', 'N6', date);
add('15', 'BEST BEFORE or BEST BY', 'N6', date);
add('16', 'SELL BY', 'N6', date);
add('17', 'USE BY OR EXPIRY', 'N6', date);
add('20', 'VARIANT', 'N2');
add('21', 'SERIAL', 'X..20');
add('22', 'CPV', 'X..20');
add('235', 'TPX', 'X..28');
add('240', 'ADDITIONAL ID', 'X..30');
add('241', 'CUST. PART No.', 'X..30');
add('242', 'MTO VARIANT', 'N..6');
add('243', 'PCN', 'X..20');
add('250', 'SECONDARY SERIAL', 'X..30');
add('251', 'REF. TO SOURCE', 'X..30');
add('253', 'GDTI', 'N13+[X..17]', { cd: 13 });
add('254', 'GLN EXTENSION COMPONENT', 'X..20');
add('255', 'GCN', 'N13+[N..12]', { cd: 13 });
add('30', 'VAR. COUNT', 'N..8', { kind: 'integer', nonZero: true });

const measures: [string, string][] = [
  ['310', 'NET WEIGHT (kg)'],
  ['311', 'LENGTH (m)'],
  ['312', 'WIDTH (m)'],
  ['313', 'HEIGHT (m)'],
  ['314', 'AREA (m²)'],
  ['315', 'NET VOLUME (l)'],
  ['316', 'NET VOLUME (m³)'],
  ['320', 'NET WEIGHT (lb)'],
  ['321', 'LENGTH (in)'],
  ['322', 'LENGTH (ft)'],
  ['323', 'LENGTH (yd)'],
  ['324', 'WIDTH (in)'],
  ['325', 'WIDTH (ft)'],
  ['326', 'WIDTH (yd)'],
  ['327', 'HEIGHT (in)'],
  ['328', 'HEIGHT (ft)'],
  ['329', 'HEIGHT (yd)'],
  ['330', 'GROSS WEIGHT (kg)'],
  ['331', 'LENGTH (m), log'],
  ['332', 'WIDTH (m), log'],
  ['333', 'HEIGHT (m), log'],
  ['334', 'AREA (m²), log'],
  ['335', 'VOLUME (l), log'],
  ['336', 'VOLUME (m³), log'],
  ['337', 'KG PER m²'],
  ['340', 'GROSS WEIGHT (lb)'],
  ['341', 'LENGTH (in), log'],
  ['342', 'LENGTH (ft), log'],
  ['343', 'LENGTH (yd), log'],
  ['344', 'WIDTH (in), log'],
  ['345', 'WIDTH (ft), log'],
  ['346', 'WIDTH (yd), log'],
  ['347', 'HEIGHT (in), log'],
  ['348', 'HEIGHT (ft), log'],
  ['349', 'HEIGHT (yd), log'],
  ['350', 'AREA (in²)'],
  ['351', 'AREA (ft²)'],
  ['352', 'AREA (yd²)'],
  ['353', 'AREA (in²), log'],
  ['354', 'AREA (ft²), log'],
  ['355', 'AREA (yd²), log'],
  ['356', 'NET WEIGHT (troy oz)'],
  ['357', 'NET VOLUME (oz)'],
  ['360', 'NET VOLUME (qt)'],
  ['361', 'NET VOLUME (gal.)'],
  ['362', 'VOLUME (qt), log'],
  ['363', 'VOLUME (gal.), log'],
  ['364', 'VOLUME (in³)'],
  ['365', 'VOLUME (ft³)'],
  ['366', 'VOLUME (yd³)'],
  ['367', 'VOLUME (in³), log'],
  ['368', 'VOLUME (ft³), log'],
  ['369', 'VOLUME (yd³), log'],
];
for (const [prefix, title] of measures) addDecimal(prefix, title, 'N6', 5);

add('37', 'COUNT', 'N..8', { kind: 'integer', nonZero: true });
addDecimal('390', 'AMOUNT', 'N..15', 9);
addDecimal('391', 'AMOUNT', 'N3+N..15', 9, 'text');
addDecimal('392', 'PRICE', 'N..15', 9);
addDecimal('393', 'PRICE', 'N3+N..15', 9, 'text');
addDecimal('394', 'PRCNT OFF', 'N4', 3);
addDecimal('395', 'PRICE/UoM', 'N6', 5);
add('400', 'ORDER NUMBER', 'X..30');
add('401', 'GINC', 'X..30');
add('402', 'GSIN', 'N17', { cd: 17 });
add('403', 'ROUTE', 'X..30');
const glns = ['SHIP TO LOC', 'BILL TO', 'PURCHASE FROM', 'SHIP FOR LOC', 'LOC No.', 'PAY TO', 'PROD/SERV LOC', 'PARTY'];
glns.forEach((title, index) => add(`41${index}`, title, 'N13', { cd: 13 }));
add('420', 'SHIP TO POST', 'X..20');
add('421', 'SHIP TO POST', 'N3+X..9');
add('422', 'ORIGIN', 'N3');
add('423', 'COUNTRY - INITIAL PROCESS.', 'N3+[N..12]');
add('424', 'COUNTRY - PROCESS.', 'N3');
add('425', 'COUNTRY - DISASSEMBLY', 'N3+[N..12]');
add('426', 'COUNTRY - FULL PROCESS', 'N3');
add('427', 'ORIGIN SUBDIVISION', 'X..3');
const addresses: [string, string][] = [
  ['COMP', 'X..35'],
  ['NAME', 'X..35'],
  ['ADD1', 'X..70'],
  ['ADD2', 'X..70'],
  ['SUB', 'X..70'],
  ['LOC', 'X..70'],
  ['REG', 'X..70'],
  ['COUNTRY', 'X2'],
];
addresses.forEach(([title, format], index) => {
  add(`430${index}`, `SHIP TO ${title}`, format);
  add(`431${index}`, `RTN TO ${title}`, format);
});
add('4308', 'SHIP TO PHONE', 'X..30');
add('4309', 'SHIP TO GEO', 'N20');
add('4318', 'RTN TO POST', 'X..20');
add('4319', 'RTN TO PHONE', 'X..30');
add('4320', 'SRV DESCRIPTION', 'X..35');
add('4321', 'DANGEROUS GOODS', 'N1');
add('4322', 'AUTH LEAVE', 'N1');
add('4323', 'SIG REQUIRED', 'N1');
add('4324', 'NBEF DEL DT', 'N10', { kind: 'dateTime', dayZero: true });
add('4325', 'NAFT DEL DT', 'N10', { kind: 'dateTime', dayZero: true });
add('4326', 'REL DATE', 'N6', { kind: 'date' });
add('4330', 'MAX TEMP F', 'N6+[S1]');
add('4331', 'MAX TEMP C', 'N6+[S1]');
add('4332', 'MIN TEMP F', 'N6+[S1]');
add('4333', 'MIN TEMP C', 'N6+[S1]');
add('7001', 'NSN', 'N13');
add('7002', 'MEAT CUT', 'X..30');
add('7003', 'EXPIRY TIME', 'N10', { kind: 'dateTime' });
add('7004', 'ACTIVE POTENCY', 'N..4', { kind: 'integer' });
add('7005', 'CATCH AREA', 'X..12');
add('7006', 'FIRST FREEZE DATE', 'N6', { kind: 'date' });
add('7007', 'HARVEST DATE', 'N6+[N6]', { kind: 'dateRange' });
add('7008', 'AQUATIC SPECIES', 'X..3');
add('7009', 'FISHING GEAR TYPE', 'X..10');
add('7010', 'PROD METHOD', 'X..2');
add('7011', 'TEST BY DATE', 'N6+[N4]', { kind: 'dateOptionalTime' });
add('7020', 'REFURB LOT', 'X..20');
add('7021', 'FUNC STAT', 'X..20');
add('7022', 'REV STAT', 'X..20');
add('7023', 'GIAI - ASSEMBLY', 'X..30');
for (let s = 0; s <= 9; s++) add(`703${s}`, `PROCESSOR # ${s}`, 'N3+X..27');
add('7040', 'UIC+EXT', 'N1+X3');
add('7041', 'UFRGT UNIT TYPE', 'X..4');
['PZN', 'CIP', 'CN', 'DRN', 'AIM', 'NDC', 'AIC', 'SRN'].forEach((title, index) =>
  add(`71${index}`, `NHRN ${title}`, 'X..20'),
);
for (let s = 0; s <= 9; s++) add(`723${s}`, `CERT # ${s}`, 'X2+X..28');
add('7240', 'PROTOCOL', 'X..20');
add('7241', 'AIDC MEDIA TYPE', 'N2');
add('7242', 'VCN', 'X..25');
add('7250', 'DOB', 'N8', { kind: 'fullDate' });
add('7251', 'DOB TIME', 'N12', { kind: 'fullDateTime' });
add('7252', 'BIO SEX', 'N1');
add('7253', 'FAMILY NAME', 'X..40');
add('7254', 'GIVEN NAME', 'X..40');
add('7255', 'SUFFIX', 'X..10');
add('7256', 'FULL NAME', 'X..90');
add('7257', 'PERSON ADDR', 'X..70');
add('7258', 'BIRTH SEQUENCE', 'N1+X1+N1');
add('7259', 'BABY', 'X..40');
add('8001', 'DIMENSIONS', 'N14');
add('8002', 'CMT No.', 'X..20');
add('8003', 'GRAI', 'N14+[X..16]', { cd: 14 });
add('8004', 'GIAI', 'X..30');
add('8005', 'PRICE PER UNIT', 'N6');
add('8006', 'ITIP', 'N14+N2+N2', { cd: 14 });
add('8007', 'IBAN', 'X..34');
add('8008', 'PROD TIME', 'N8+[N..4]', { kind: 'dateHour' });
add('8009', 'OPTSEN', 'X..50');
add('8010', 'CPID', 'Y..30');
add('8011', 'CPID SERIAL', 'N..12');
add('8012', 'VERSION', 'X..20');
add('8013', 'GMN', 'X..25');
add('8014', 'MUDI', 'X..25');
add('8017', 'GSRN - PROVIDER', 'N18', { cd: 18 });
add('8018', 'GSRN - RECIPIENT', 'N18', { cd: 18 });
add('8019', 'SRIN', 'N..10');
add('8020', 'REF No.', 'X..25');
add('8026', 'ITIP CONTENT', 'N14+N2+N2', { cd: 14 });
add('8030', 'DIGSIG', 'Z..90');
add('8040', 'IMEI', 'N15');
add('8041', 'IMEI2', 'N15');
add('8042', 'ESIM', 'N32');
add('8043', 'PSIM', 'N18+[N..2]');
add('8110', 'COUPON', 'X..70');
add('8111', 'POINTS', 'N4');
add('8112', 'PAPERLESS COUPON', 'X..70');
add('8200', 'PRODUCT URL', 'X..70');
add('90', 'INTERNAL', 'X..30');
for (let n = 1; n <= 9; n++) add(`9${n}`, 'INTERNAL', 'X..90');

/**
 * AI prefixes whose element strings have a predefined length (General Specifications figure
 * 7.8.5-2): no FNC1 separator is needed after them.
 */
const predefinedLengthPrefixes = new Set([
  '00',
  '01',
  '02',
  '03',
  '04',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '41',
]);

/** The definition of an AI, or undefined when the table does not hold it. */
export function gs1AiDefinition(ai: string): Gs1AiDefinition | undefined {
  return table.get(ai);
}

/** The AI that starts `text` at `offset` (AIs are prefix-free: two, three or four digits). */
export function gs1AiAt(text: string, offset: number): Gs1AiDefinition | undefined {
  for (let length = 2; length <= 4; length++) {
    const found = table.get(text.slice(offset, offset + length));
    if (found) return found;
  }
  return undefined;
}

/** Whether the element string of this AI never needs an FNC1 separator after it. */
export function hasPredefinedLength(ai: string): boolean {
  return predefinedLengthPrefixes.has(ai.slice(0, 2));
}
