import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useTranslation } from 'react-i18next';
import { clampTtsRate, ttsRateLimits } from '../../platform/device-config.js';
import { speak, speechSupported } from '../../handheld/peripherals/speech.js';
import { useVoices } from './useVoices.js';

interface Props {
  voice: string | null;
  rate: number;
  onChange: (next: { TTSVoice: string | null; TTSRate: number }) => void;
}

/** Text-to-speech voice with a spoken test phrase, and the rate (0.1 to 10, step 0.1). */
export function TtsSettings({ voice, rate, onChange }: Props) {
  const { t, i18n } = useTranslation('device');
  const voices = useVoices();
  const supported = speechSupported();
  return (
    <>
      <Form.Group className="mb-3" controlId="device-tts-voice">
        <Form.Label>{t('tts.voice')}</Form.Label>
        <InputGroup>
          <Form.Select
            value={voice ?? ''}
            disabled={!supported}
            onChange={(event) => onChange({ TTSVoice: event.target.value || null, TTSRate: rate })}
          >
            <option value="">{t('tts.defaultVoice')}</option>
            {voices.map((candidate) => (
              <option key={candidate.voiceURI} value={candidate.voiceURI}>
                {candidate.name} ({candidate.lang})
              </option>
            ))}
            {voice && !voices.some((candidate) => candidate.voiceURI === voice) && (
              <option value={voice}>{voice}</option>
            )}
          </Form.Select>
          <Button
            variant="outline-secondary"
            disabled={!supported}
            onClick={() => speak(t('tts.testPhrase'), { voiceName: voice, rate, lang: i18n.language })}
          >
            {t('test')}
          </Button>
        </InputGroup>
        {!supported && <Form.Text>{t('tts.unsupported')}</Form.Text>}
      </Form.Group>
      <Form.Group className="mb-3" controlId="device-tts-rate">
        <Form.Label>
          {t('tts.rate')}: <span data-testid="tts-rate-value">{rate.toFixed(1)}</span>
        </Form.Label>
        <Form.Range
          min={ttsRateLimits.min}
          max={ttsRateLimits.max}
          step={ttsRateLimits.step}
          value={rate}
          onChange={(event) => onChange({ TTSVoice: voice, TTSRate: clampTtsRate(event.target.value) })}
        />
      </Form.Group>
    </>
  );
}
