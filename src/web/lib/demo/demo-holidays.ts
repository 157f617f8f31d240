import table from 'virtual:tintbook-vic-holidays';

// The static demo's stand-in for date-holidays (vite.config.ts aliases it in demo mode only).
// closed-days.ts asks date-holidays for Victoria's public holidays; the library with every
// country's rules is about 250 KB gzip, while the answers it gives for Victoria in 2000–2099 are
// under 2 KB. So the demo build asks the library itself at build time (scripts/vite/demo-build.ts)
// and ships the answers: the same days as the server's, without the library.

interface Holiday {
  date: string;
  name: string;
  type: 'public';
}

export default class Holidays {
  /** The country, state and options closed-days.ts passes are always AU, VIC, public only. */
  constructor(..._setup: unknown[]) {}

  getHolidays(year: number): Holiday[] {
    const days = table[year];
    // the dashboard and the booking rules accept the years 2000–2099 only
    if (!days) throw new RangeError(`The demo knows Victoria's holidays of 2000–2099, not ${year}`);
    return days.map(([monthDay, name]) => ({
      date: `${year}-${monthDay} 00:00:00`,
      name,
      type: 'public',
    }));
  }
}
