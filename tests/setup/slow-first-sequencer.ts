import { BaseSequencer, type TestSpecification } from 'vitest/node';

// On a clean clone Vitest knows no durations and starts the larger files first, project by
// project. The message tests below are small files that mostly wait (out a provider's outage, a
// killed worker's retries, a child process): started last, their waits were the run's tail,
// with one core idle. Started first in their project, other files run beside their waits, and
// only one database's waiting files are under way at a time (projects still go one by one).
const waitingFiles = [
  'tests/server/messages/provider-outage.test.ts',
  'tests/server/messages/worker-crash.test.ts',
  'src/server/features/staff-auth/staff-cli.test.ts',
  'tests/server/messages/booking-changes.test.ts',
  'src/server/features/staff-auth/staff-auth.rate-limit.test.ts',
  'src/server/features/staff-auth/bootstrap-admin.test.ts',
];

const rankOf = (spec: TestSpecification) => {
  const rank = waitingFiles.findIndex((file) => spec.moduleId.endsWith(file));
  return rank === -1 ? waitingFiles.length : rank;
};

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    // a stable sort: the rest keep Vitest's own order (failed, then longest, then largest)
    return sorted
      .map((spec, index) => ({ spec, index, project: projects.indexOf(spec.project.name) }))
      .sort((a, b) => a.project - b.project || rankOf(a.spec) - rankOf(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
