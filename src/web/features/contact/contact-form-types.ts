import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { ContactFormValues, contactFormSchema } from '#shared/contact/contact.contract.ts';

export type ContactFormOutput = z.output<typeof contactFormSchema>;
export type ContactForm = UseFormReturn<ContactFormValues, unknown, ContactFormOutput>;
