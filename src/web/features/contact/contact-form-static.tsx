import { useLayoutEffect, useRef, useState } from 'react';
import type { BookingOption } from '#shared/catalogue/catalogue.contract.ts';
import { AddressFieldView } from './address-field-view';
import { ContactFormView } from './contact-form-view';
import { initialValues, loadDraft } from './contact-storage';
import { captureHandoff, keepTyped, requestSubmit, trackBlur, trackFocus } from './form-handoff';

/**
 * The first-paint form: the same markup as the full form, plain inputs, no validation. The full
 * form replaces it on the first interaction and takes over what was typed (see form-handoff.ts).
 */
export function ContactFormStatic({ options }: { options: BookingOption[] }) {
  const [values] = useState(() => initialValues(loadDraft(), options));
  const formRef = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const form = formRef.current;
    const keep = () => form && keepTyped(form, values);
    addEventListener('pagehide', keep);
    return () => {
      removeEventListener('pagehide', keep);
      if (form) captureHandoff(form);
    };
  }, [values]);

  return (
    <ContactFormView
      formRef={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        requestSubmit();
      }}
      onFocus={trackFocus}
      onBlur={trackBlur}
      bind={(name) => ({ defaultValue: values[name] })}
      errors={{}}
      address={
        <AddressFieldView
          input={{ defaultValue: values.address }}
          predictions={[]}
          expanded={false}
          activeIndex={-1}
        />
      }
      options={options}
      bindOption={(id) => ({ defaultChecked: values.bookingOption === id })}
      honeypot={{ defaultValue: '' }}
    />
  );
}
