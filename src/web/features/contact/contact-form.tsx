import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { BookingOption } from '#shared/catalogue/catalogue.contract.ts';
import { honeypotName } from '#web/lib/contract-constants.ts';
import { loadSessionLifetime } from '#web/lib/session-lifetime/load.ts';
import { AddressField } from './address-field';
import { ContactFormView } from './contact-form-view';
import { contactFields } from './contact-storage';
import { ErrorSummary } from '#web/components/ui/error-summary.tsx';
import { takeHandoff } from './form-handoff';
import { useAddressCombobox } from './use-address-combobox';
import { useContactForm } from './use-contact-form';
import { useContactSubmit } from './use-contact-submit';

/** The full contact form: validation, address suggestions, autosave and submit. */
export default function ContactForm({ options }: { options: BookingOption[] }) {
  const contact = useContactForm(options);
  const { form, chosenRef, setChosen } = contact;
  const honeypot = useRef<HTMLInputElement>(null);
  const [waitingForPick, setWaitingForPick] = useState(false);
  // the session timer (spec §4) starts with the full form, after the first interaction
  useEffect(loadSessionLifetime, []);

  const combobox = useAddressCombobox({
    form,
    onTyped: () => {
      if (chosenRef.current) setChosen(null); // typing after a pick clears its validity
    },
    onChosen: (picked) => {
      setChosen(picked);
      form.setValue('address', picked.text, { shouldDirty: true });
      void form.trigger('address'); // shows 'Victoria (VIC) only' at once, or clears the error
    },
  });
  const { submit, summary, submitting } = useContactSubmit({
    form,
    options,
    chosen: chosenRef,
    honeypot,
  });

  // Take over from the first-paint form (see form-handoff.ts). Runs after the subscriptions of
  // useForm and useWatch above, which are layout effects too.
  useLayoutEffect(() => {
    const handoff = takeHandoff();
    if (!handoff) return;
    const current = form.getValues();
    let anyChanged = false;
    for (const field of contactFields) {
      const value = handoff.values[field] ?? current[field];
      const changed = value !== current[field];
      const left = handoff.touched.includes(field);
      anyChanged ||= changed;
      if (!changed && !left) continue;
      // a field already left is checked now, as leaving it in the full form would have
      form.setValue(field, value, {
        shouldDirty: changed,
        shouldTouch: left,
        shouldValidate: left,
      });
      if (field === 'address' && changed) combobox.typed(handoff.focusedId === 'address');
    }
    // typed, pasted or autofilled before this code arrived: saved like an edit made here (the
    // autosave subscribes after this effect, so it would not see these values change)
    if (anyChanged) contact.scheduleSave();
    const bait = handoff.values[honeypotName];
    if (bait && honeypot.current) honeypot.current.value = bait;
    const focused = handoff.focusedId && document.getElementById(handoff.focusedId);
    if (focused instanceof HTMLInputElement) {
      focused.focus({ preventScroll: true });
      try {
        if (handoff.selection) focused.setSelectionRange(...handoff.selection);
      } catch {
        // e-mail inputs have no selection API: the caret stays where the browser puts it
      }
    }
    if (handoff.submitRequested) void submit();
  });

  const { errors } = form.formState;
  // the red message waits until the field is left or the form sent (issue 26 item 8): while
  // typing, the hint and the suggestions guide instead
  // nor while a search or a picked address's details are on their way: shown as the field is
  // left by a press on Continue, it would move the button from under the pointer mid-click
  const addressError = combobox.status === 'loading' ? undefined : errors.address?.message;

  return (
    <ContactFormView
      onSubmit={(event) => {
        event.preventDefault();
        if (submitting || waitingForPick) return;
        // Continue pressed while a picked address's details are on their way (a busy phone, a
        // slow network): checked once they are here, not refused as 'not chosen' meanwhile
        setWaitingForPick(true);
        void combobox.settled().then(() => {
          setWaitingForPick(false);
          return submit();
        });
      }}
      summary={summary && <ErrorSummary {...summary} />}
      bind={(name) => form.register(name)}
      errors={{
        firstName: errors.firstName?.message,
        lastName: errors.lastName?.message,
        email: errors.email?.message,
        phone: errors.phone?.message,
        address: addressError,
        bookingOption: errors.bookingOption?.message,
      }}
      address={<AddressField combobox={combobox} error={addressError} />}
      options={options}
      bindOption={() => form.register('bookingOption')}
      honeypot={{ ref: honeypot, defaultValue: '' }}
      busy={submitting || waitingForPick}
    />
  );
}
