import { HttpError } from './http-error';
import { isSealed, keyIdOf, open, seal, type SealedSecret } from './secret-box';

export const notConfiguredMessage =
  'Secrets cannot be saved: the server has no SETTINGS_ENCRYPTION_KEY. Whoever runs TintBook ' +
  'must set one (see the README) and restart it.';

/**
 * Seals and opens the secret settings (SMTP password, Twilio token, …) with the
 * SETTINGS_ENCRYPTION_KEY. Without a key the app still runs; saving a secret answers 503.
 */
export class SettingSecrets {
  constructor(private readonly key: Buffer | undefined) {}

  get keyId(): string | undefined {
    return this.key && keyIdOf(this.key);
  }

  /** What the settings row stores for this secret value. */
  seal(settingKey: string, value: unknown): SealedSecret {
    if (!this.key) throw HttpError.unavailable(notConfiguredMessage);
    return seal(this.key, value, settingKey);
  }

  /** The value of a stored secret; throws when it is not sealed with this key. */
  open(settingKey: string, stored: unknown): unknown {
    if (!this.key) throw new Error('SETTINGS_ENCRYPTION_KEY is not set');
    if (!isSealed(stored)) throw new Error(`setting ${settingKey} is not encrypted`);
    return open(this.key, stored, settingKey);
  }
}
