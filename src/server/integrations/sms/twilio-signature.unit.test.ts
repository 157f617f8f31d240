import { describe, expect, it } from 'vitest';
import { twilioSignature, verifyTwilioSignature } from './twilio-signature';

// The worked example of Twilio's webhook-security page (auth token 12345) and the variant
// twilio-node's own tests sign: vectors this implementation did not produce.
const docsUrl = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const docsParams = (caller: string) => ({
  CallSid: 'CA1234567890ABCDE',
  Caller: caller,
  Digits: '1234',
  From: caller,
  To: '+18005551212',
});

describe('verifyTwilioSignature', () => {
  it('accepts the signatures Twilio publishes', () => {
    expect(
      verifyTwilioSignature(
        '12345',
        docsUrl,
        docsParams('+14158675310'),
        'GvWf1cFY/Q7PnoempGyD5oXAezc=',
      ),
    ).toBe(true);
    expect(
      verifyTwilioSignature(
        '12345',
        docsUrl,
        docsParams('+14158675309'),
        'RSOYDt4T1cUTdK1PDd93/VVr8B8=',
      ),
    ).toBe(true);
  });

  it('refuses a changed parameter, URL, token, or a missing header', () => {
    const signature = 'GvWf1cFY/Q7PnoempGyD5oXAezc=';
    const params = docsParams('+14158675310');
    expect(verifyTwilioSignature('12345', docsUrl, { ...params, Digits: '9999' }, signature)).toBe(
      false,
    );
    expect(verifyTwilioSignature('12345', `${docsUrl}&x=1`, params, signature)).toBe(false);
    expect(verifyTwilioSignature('54321', docsUrl, params, signature)).toBe(false);
    expect(verifyTwilioSignature('12345', docsUrl, params, undefined)).toBe(false);
    expect(verifyTwilioSignature('12345', docsUrl, params, '')).toBe(false);
    expect(verifyTwilioSignature('12345', docsUrl, params, 'short')).toBe(false);
  });

  it('round-trips an inbound STOP whatever order the form fields come in', () => {
    const token = 'f3c1a0d2b4e6f8091a2b3c4d5e6f7081';
    const url = 'https://tint.example/api/webhooks/twilio/inbound';
    const form = { MessageSid: 'SMabc', From: '+61412345678', To: '+61400000000', Body: 'STOP' };
    const signature = twilioSignature(token, url, form);
    const reordered = {
      Body: 'STOP',
      To: '+61400000000',
      From: '+61412345678',
      MessageSid: 'SMabc',
    };
    expect(verifyTwilioSignature(token, url, reordered, signature)).toBe(true);
  });

  it('accepts the URL with or without the default port, as proxies change it', () => {
    const token = 'f3c1a0d2b4e6f8091a2b3c4d5e6f7081';
    const form = { Body: 'STOP' };
    const withPort = twilioSignature(token, 'https://tint.example:443/hook?a=1', form);
    expect(verifyTwilioSignature(token, 'https://tint.example/hook?a=1', form, withPort)).toBe(
      true,
    );
    const without = twilioSignature(token, 'https://tint.example/hook', form);
    expect(verifyTwilioSignature(token, 'https://tint.example:443/hook', form, without)).toBe(true);
    // another port is another URL
    expect(verifyTwilioSignature(token, 'https://tint.example:8443/hook', form, without)).toBe(
      false,
    );
  });
});
