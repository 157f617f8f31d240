import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { StepProgress } from '#web/components/ui/step-progress.tsx';
import { firstInteraction, noPressInProgress } from '#web/lib/first-interaction.ts';
import { withTimeout } from '#web/lib/lazy-load.ts';
import { bookingOptionsQuery } from '#web/lib/queries.ts';
import { ContactFormStatic } from './contact-form-static';

// The full form (react-hook-form, the zod contract, address search) is most of this screen's
// script. It downloads on the first interaction (or the 2 s preload) instead of before first paint.
const ContactForm = lazy(async () => {
  await firstInteraction();
  const form = await withTimeout(import('./contact-form'));
  await noPressInProgress(); // a tap on Continue that started on the first-paint form ends there
  return form;
});

export function ContactPage() {
  const { data: options = [] } = useQuery(bookingOptionsQuery);
  return (
    <div className="page">
      <PageHeading title="Book Your Window Tinting Consultation">
        Book Your Window Tinting Consultation
      </PageHeading>
      <p className="mt-2 text-muted">Let&apos;s start with your contact details</p>
      <StepProgress current={0} />
      <Suspense fallback={<ContactFormStatic options={options} />}>
        <ContactForm options={options} />
      </Suspense>
    </div>
  );
}
