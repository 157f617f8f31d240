// The backup jobs' pg-boss options, for the schedule and for Back up now alike.
export const backupJobOptions = {
  // a failed backup is recorded and shown; the next night (or Back up now) is the retry
  retryLimit: 0,
  // a backup of a large data directory with its photos may take long: past this it is taken as
  // lost (a killed worker) by pg-boss's maintenance
  expireInSeconds: 6 * 60 * 60,
  retentionDays: 14,
};
