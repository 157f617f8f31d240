import { Link } from '#web/lib/router.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';

export function NotFoundPage() {
  return (
    <div className="page">
      <PageHeading title="Page not found">Page not found</PageHeading>
      <p className="mt-3 text-muted">There is nothing at this address.</p>
      <Link to="/" className="link mt-6 inline-block">
        Back to the booking form
      </Link>
    </div>
  );
}
