import { Link } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';

export interface PlaceholderProps {
  title: string;
  back: string;
}

/** Stands in for a screen whose issue has not landed yet. */
export function PlaceholderPage({ title, back }: PlaceholderProps) {
  return (
    <div className="page">
      <PageHeading title={title}>{title}</PageHeading>
      <p className="mt-3 text-muted">This step is coming soon</p>
      <Link to={back} className="link mt-6 inline-block">
        Back
      </Link>
    </div>
  );
}

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
