import { z } from 'zod';
import { text } from '#shared/api/text.ts';
import { isAustralianPhone } from '#shared/contact/phone.ts';

// The settings' field schemas, with the messages the admin screens show (the registry,
// settings-registry.ts, gives each key one of them).
export const settingsMessages = {
  key: 'Key must be 2 to 64 lowercase letters, digits or underscores, starting with a letter',
  category: 'Category must be 2 to 40 lowercase letters, digits or underscores',
  description: 'Description must be at most 300 characters',
  valueRequired: 'Value is required',
  valueTooLarge: 'Value is too large (at most 20,000 characters of JSON)',
  notFound: 'Setting not found.',
  builtIn: 'This setting is built in and cannot be deleted. Change its value instead.',
  wrongCategory: (category: string) => `This setting belongs to the ${category} category`,
  businessName: 'Business name must be 1 to 100 characters',
  phone: 'Enter an Australian phone number, like (03) 9123 4567',
  address: 'Base address needs an address (3 to 200 characters), a latitude and a longitude',
  secret: 'Secret must be 16 to 256 characters',
  bannerText: 'Banner text must be 1 to 200 characters',
  accountSid: 'Account SID must be AC followed by 32 letters a–f and digits',
  fromNumber: 'From number must be in international format, like +61412345678',
  authToken: 'Auth token must be 16 to 128 characters',
  smtpHost: 'Host must be a server name, like smtp.example.com',
  smtpPort: 'Port must be a whole number between 1 and 65535',
  smtpUser: 'User must be at most 200 characters',
  password: 'Password must be 1 to 256 characters',
  apiKey: 'API key must be 16 to 256 characters',
  ga4MeasurementId:
    'Measurement ID must look like G-ABC123DEF4 (Google Analytics: Admin → Data streams → your stream)',
  ga4ApiSecret: 'API secret must be 16 to 256 characters',
  returningLeadDays: 'Days must be a whole number from 0 to 3650',
} as const;
const sm = settingsMessages;

export const settingKeySchema = z.string().regex(/^[a-z][a-z0-9_]{1,63}$/, sm.key);
export const settingCategorySchema = z.string().regex(/^[a-z][a-z0-9_]{1,39}$/, sm.category);

export const baseAddressSchema = z.object(
  {
    address: text({ error: sm.address }).trim().min(3, sm.address).max(200, sm.address),
    lat: z.number({ error: sm.address }).min(-90, sm.address).max(90, sm.address),
    lng: z.number({ error: sm.address }).min(-180, sm.address).max(180, sm.address),
  },
  { error: sm.address },
);
export const secretSchema = (message: string) =>
  text({ error: message }).min(16, message).max(256, message);

export const smtpHostSchema = z
  .string({ error: sm.smtpHost })
  .trim()
  .regex(
    /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/,
    sm.smtpHost,
  );
export const accountSidSchema = z
  .string({ error: sm.accountSid })
  .trim()
  .regex(/^AC[0-9a-fA-F]{32}$/, sm.accountSid);
export const e164Schema = z
  .string({ error: sm.fromNumber })
  .trim()
  .regex(/^\+[1-9]\d{7,14}$/, sm.fromNumber);
export const authTokenSchema = text({ error: sm.authToken })
  .trim()
  .min(16, sm.authToken)
  .max(128, sm.authToken);
export const smtpPortSchema = z
  .number({ error: sm.smtpPort })
  .int(sm.smtpPort)
  .min(1, sm.smtpPort)
  .max(65535, sm.smtpPort);
export const smtpUserSchema = text({ error: sm.smtpUser }).trim().max(200, sm.smtpUser);
export const smtpPasswordSchema = text({ error: sm.password })
  .min(1, sm.password)
  .max(256, sm.password);
export const apiKeySchema = secretSchema(sm.apiKey);
export const ga4MeasurementIdSchema = z
  .string({ error: sm.ga4MeasurementId })
  .trim()
  .toUpperCase()
  .regex(/^G-[A-Z0-9]{4,20}$/, sm.ga4MeasurementId);
export const ga4ApiSecretSchema = secretSchema(sm.ga4ApiSecret);

export const businessNameSchema = text({ error: sm.businessName })
  .trim()
  .min(1, sm.businessName)
  .max(100, sm.businessName);
export const contactPhoneSchema = text({ error: sm.phone })
  .trim()
  .max(30, sm.phone)
  .refine(isAustralianPhone, sm.phone);
export const returningLeadDaysSchema = z
  .number({ error: sm.returningLeadDays })
  .int(sm.returningLeadDays)
  .min(0, sm.returningLeadDays)
  .max(3650, sm.returningLeadDays);
