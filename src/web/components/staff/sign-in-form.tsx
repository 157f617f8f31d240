import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from '#web/lib/router.tsx';
import { signInInputSchema, type SignInInput } from '#shared/staff/staff.contract.ts';
import { ErrorSummary, type SummaryItem } from '#web/components/ui/error-summary.tsx';
import { useErrorSummary } from '#web/components/ui/use-error-summary.ts';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { paths } from '#web/paths.ts';
import { signIn } from '#web/lib/staff-api.ts';

const resolver = zodResolver(signInInputSchema);

function problemMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Sign-in failed. Please try again.';
}

/** Replaces the spec's browser password prompt: Cancel goes back to the booking form (§6). */
export function SignInForm({ screen, notice }: { screen: string; notice?: string | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<SignInInput>({
    defaultValues: { email: '', password: '' },
    resolver,
    shouldFocusError: false, // the summary takes focus
  });
  const errorSummary = useErrorSummary();
  const { errors, isSubmitting } = form.formState;

  const items: SummaryItem[] = [];
  if (errors.email?.message) items.push({ inputId: 'staff-email', message: errors.email.message });
  if (errors.password?.message)
    items.push({ inputId: 'staff-password', message: errors.password.message });

  const onSubmit = form.handleSubmit(
    async (input) => {
      errorSummary.clear();
      try {
        await signIn(queryClient, input);
      } catch (error) {
        form.resetField('password');
        errorSummary.show({ title: problemMessage(error), items: [] });
      }
    },
    // the entries follow the fields as they are corrected (`items` above)
    () => errorSummary.showCheck([]),
  );
  const { summary } = errorSummary;

  return (
    <div className="page">
      <PageHeading title={`Sign in: ${screen}`}>Staff sign-in</PageHeading>
      {notice && (
        <p role="status" className="mt-2 font-semibold">
          {notice}
        </p>
      )}
      <p className="mt-2 text-muted">Sign in to open {screen}.</p>
      <form noValidate className="card mt-6 space-y-5" onSubmit={(event) => void onSubmit(event)}>
        {summary && (!summary.check || items.length > 0) && (
          <ErrorSummary title={summary.title} items={items} focusKey={errorSummary.focusKey} />
        )}
        <TextField
          id="staff-email"
          label="Email Address"
          type="email"
          autoComplete="username"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          id="staff-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Signing in...' : 'Sign in'}
          </button>
          <button type="button" className="btn-quiet" onClick={() => void navigate(paths.home)}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
