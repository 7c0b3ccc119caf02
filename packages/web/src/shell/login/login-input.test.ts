import { describe, expect, it } from 'vitest';
import { credentialsFromRecords, nfcAuthMediaType } from './nfc-login.js';
import { parseScanLogin } from './scan-login.js';

const record = (json: unknown, mediaType = nfcAuthMediaType) => ({
  recordType: 'mime',
  mediaType,
  data: new DataView(new TextEncoder().encode(typeof json === 'string' ? json : JSON.stringify(json)).buffer),
});

describe('scan login', () => {
  it('reads username<TAB>password, keeping the password as typed', () => {
    expect(parseScanLogin('operator\toperator')).toEqual({ username: 'operator', password: 'operator' });
    expect(parseScanLogin(' op \tpass word\r\n')).toEqual({ username: 'op', password: 'pass word' });
    expect(parseScanLogin('operator\t')).toEqual({ username: 'operator', password: '' });
  });

  it('is nothing without a tab or a username', () => {
    expect(parseScanLogin('operator')).toBeNull();
    expect(parseScanLogin('\tsecret')).toBeNull();
    expect(parseScanLogin('  \tsecret')).toBeNull();
  });
});

describe('NFC login records', () => {
  it('takes the credentials of the first auth record', () => {
    expect(
      credentialsFromRecords([
        { recordType: 'text' },
        record({ username: 'x' }, 'application/json'),
        record('not json'),
        record({ username: ' operator ', password: 'operator' }),
      ]),
    ).toEqual({ username: 'operator', password: 'operator' });
  });

  it('is nothing when no record holds a username', () => {
    expect(credentialsFromRecords([record({ password: 'x' }), record({ username: '' })])).toBeNull();
    expect(credentialsFromRecords([])).toBeNull();
  });
});
