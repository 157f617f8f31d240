import type { FocusEventHandler, FormEventHandler, ReactNode, Ref } from 'react';
import type { BookingOption } from '#shared/catalogue/catalogue.contract.ts';
import { TextField, type InputBinding } from '#web/components/ui/text-field.tsx';
import { honeypotName } from '#web/lib/contract-constants.ts';
import { BookingOptionField } from './booking-option-field';
import type { ContactField } from './contact-storage';

type TextFieldName = 'firstName' | 'lastName' | 'email' | 'phone';

export interface ContactFormViewProps {
  formRef?: Ref<HTMLFormElement>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onFocus?: FocusEventHandler<HTMLFormElement>;
  onBlur?: FocusEventHandler<HTMLFormElement>;
  summary?: ReactNode;
  bind: (name: TextFieldName) => InputBinding;
  errors: Partial<Record<ContactField, string>>;
  address: ReactNode;
  options: BookingOption[];
  bindOption: (id: string) => InputBinding;
  honeypot: InputBinding;
  busy?: boolean;
}

/** Copies the privacy note of index.html in (its text is markup there, not script). */
function showPrivacyNote(slot: HTMLDivElement | null) {
  const note = document.getElementById('privacy-note');
  if (slot && !slot.firstChild && note instanceof HTMLTemplateElement) {
    slot.append(note.content.cloneNode(true));
  }
}

/** The contact form's markup, shared by the first-paint form and the full form. */
export function ContactFormView({
  formRef,
  onSubmit,
  onFocus,
  onBlur,
  summary,
  bind,
  errors,
  address,
  options,
  bindOption,
  honeypot,
  busy = false,
}: ContactFormViewProps) {
  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby="contact-form-title"
      className="card space-y-5"
      onSubmit={onSubmit}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {summary}
      <div>
        <h2 id="contact-form-title" className="text-lg font-bold">
          Your contact details
        </h2>
        <p className="text-sm text-muted">All fields are required.</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="firstName"
          label="First Name"
          autoComplete="given-name"
          error={errors.firstName}
          {...bind('firstName')}
        />
        <TextField
          id="lastName"
          label="Last Name"
          autoComplete="family-name"
          error={errors.lastName}
          {...bind('lastName')}
        />
      </div>
      <TextField
        id="email"
        label="Email Address"
        type="email"
        autoComplete="email"
        autoCapitalize="off"
        spellCheck={false}
        error={errors.email}
        {...bind('email')}
      />
      <TextField
        id="phone"
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        error={errors.phone}
        {...bind('phone')}
      />
      {address}
      <BookingOptionField options={options} bind={bindOption} error={errors.bookingOption} />
      {/* bots fill every field they find; people never see this one */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={honeypotName}>Website</label>
        <input
          id={honeypotName}
          name={honeypotName}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...honeypot}
        />
      </div>
      <div ref={showPrivacyNote} />
      <button type="submit" className="btn-primary w-full" aria-disabled={busy || undefined}>
        Continue to Details
        {busy && <span className="sr-only"> (saving your details)</span>}
      </button>
    </form>
  );
}
