import { useQuery } from '@tanstack/react-query';
import { paths } from '#web/paths.ts';
import { Link } from '#web/lib/router.tsx';
import { ChartTable } from './chart-panel';
import { campaignLinkStatsQuery } from './dashboard-api';
import { formatCount } from './dashboard-format';

const titleId = 'campaign-link-figures';

/** Each saved link (Settings › Links and QR codes) with what it brought in the range. */
export function CampaignLinksPanel({ from, to }: { from: string; to: string }) {
  return (
    <section aria-labelledby={titleId} className="card min-w-0 space-y-3">
      <h2 id={titleId} className="text-lg font-bold">
        Links and QR codes
      </h2>
      {import.meta.env.MODE === 'demo' ? (
        <p className="text-muted">
          Not in the demo: booking links and their QR codes are made in the real app only.
        </p>
      ) : (
        <Figures from={from} to={to} />
      )}
    </section>
  );
}

function Figures({ from, to }: { from: string; to: string }) {
  const query = useQuery(campaignLinkStatsQuery(from, to));
  if (query.isPending) {
    return (
      <p role="status" className="text-muted">
        Loading...
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert">
        <p>The links&apos; figures could not be loaded.</p>
        <button type="button" className="btn-quiet mt-3" onClick={() => void query.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  const { links } = query.data;
  if (links.length === 0) {
    return (
      <p className="text-muted">
        No saved links yet.{' '}
        <Link to={`${paths.settings}#campaign-links`} className="link">
          Make a booking link or QR code in Settings
        </Link>{' '}
        for your vans, yard signs and flyers, and see here what each brings.
      </p>
    );
  }
  return (
    <>
      <p className="text-sm text-muted">
        Visits that opened each link in this period, the leads they became and those leads&apos;
        bookings (cancelled ones left out).
      </p>
      <div className="overflow-x-auto">
        <ChartTable
          caption="Saved links"
          head={['Link', 'Visits', 'Leads', 'Bookings']}
          rows={links.map((link) => ({
            key: link.id,
            cells: [
              <>
                <span className="font-semibold">{link.name}</span>
                <span className="block text-sm text-muted">
                  {link.source} / {link.medium} / {link.campaign}
                </span>
              </>,
              formatCount(link.visits),
              formatCount(link.leads),
              formatCount(link.bookings),
            ],
          }))}
        />
      </div>
    </>
  );
}
