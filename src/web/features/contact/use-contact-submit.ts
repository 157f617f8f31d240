import type { RefObject } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useNavigate } from '#web/lib/router.tsx';
import type { BookingOption } from '#shared/catalogue/catalogue.contract.ts';
import type { ContactFormValues } from '#shared/contact/contact.contract.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { isServerUnreachable } from '#web/lib/api-refusals.ts';
import { report } from '#web/lib/early-reports.ts';
import { getSessionId } from '#web/lib/session-id.ts';
import { paths } from '#web/paths.ts';
import { structuredFor } from './address-state';
import { bookingOptionInputId } from './booking-option-field';
import type { ContactForm, ContactFormOutput } from './contact-form-types';
import { contactFields, type ChosenAddress, type ContactField } from './contact-storage';
import { useErrorSummary } from '#web/components/ui/use-error-summary.ts';
import { queueSubmission, sendInOrder } from './submission-outbox';
import { buildSubmission } from './submit-contact';

const unexpected = 'Something went wrong while saving your details. Please try again.';

/** A server field path ("phone", "contactFormData.email", "structuredAddress.state") → a field. */
function fieldFor(path: string): ContactField | null {
  const [first] = path.split('.').filter((part) => part !== 'body' && part !== 'contactFormData');
  if (first === 'structuredAddress') return 'address';
  return contactFields.find((field) => field === first) ?? null;
}

interface Options {
  form: ContactForm;
  options: BookingOption[];
  chosen: RefObject<ChosenAddress | null>;
  honeypot: RefObject<HTMLInputElement | null>;
}

export function useContactSubmit({ form, options, chosen, honeypot }: Options) {
  const navigate = useNavigate();
  const errorSummary = useErrorSummary();

  /** The summary's entries, in the order of the form. */
  const itemsOf = (errors: FieldErrors<ContactFormValues>) => {
    const optionId = form.getValues('bookingOption') || options[0]?.id || '';
    return contactFields.flatMap((field) => {
      const message = errors[field]?.message;
      if (!message) return [];
      const inputId = field === 'bookingOption' ? bookingOptionInputId(optionId) : field;
      return [{ inputId, message }];
    });
  };

  const onValid = async (values: ContactFormOutput) => {
    const submission = buildSubmission({
      values,
      structuredAddress: structuredFor(values.address, chosen.current),
      honeypot: honeypot.current?.value ?? '',
      sessionId: getSessionId(),
    });
    try {
      await sendInOrder(submission);
    } catch (error) {
      if (!isServerUnreachable(error)) {
        // refused (400 with field messages, 429 too many requests): the person stays and sees why
        const refusal = error instanceof ApiRequestError ? error : null;
        const placed: FieldErrors<ContactFormValues> = {};
        for (const [path, message] of Object.entries(refusal?.fields ?? {})) {
          const field = fieldFor(path);
          if (!field || placed[field]) continue;
          form.setError(field, { type: 'server', message });
          placed[field] = { type: 'server', message };
        }
        if (!refusal) console.error('TintBook: contact submit failed', error);
        // spec §8 "Submit exception": abandonment tracked (analytics may not have loaded yet)
        report('journey_abandon', {
          reason: 'contact_submit_failed',
          status: refusal?.status ?? null,
        });
        errorSummary.show({ title: refusal?.message ?? unexpected, items: itemsOf(placed) });
        return;
      }
      // Spec §8: the server is away, the flow goes on; the outbox sends it when the server is back
      console.warn(
        'TintBook: the server is unreachable, the contact details will be re-sent',
        error,
      );
      queueSubmission(submission);
    }
    errorSummary.clear();
    void navigate(paths.measurement);
  };

  const submit = form.handleSubmit(onValid, (errors) => errorSummary.showCheck(itemsOf(errors)));
  return {
    submit,
    // a field fixed since the submit leaves the summary as the person fixes it (issue 15 item 5)
    summary: errorSummary.liveProps(itemsOf(form.formState.errors)),
    submitting: form.formState.isSubmitting,
  };
}
