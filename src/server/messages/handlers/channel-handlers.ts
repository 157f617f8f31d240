import type { ChannelHandlers } from '#server/messages/message-worker.ts';
import { handleCalendar } from './calendar-handler';
import { handleEmail } from './email-handler';
import { handleGa4 } from './ga4-handler';
import type { HandlerDeps } from './handler-deps';
import { handleJobTracker } from './job-tracker-handler';
import { handleSms } from './sms-handler';
import { handleWebhook } from './webhook-handler';

export function channelHandlers(deps: HandlerDeps): ChannelHandlers {
  return {
    email: (delivery) => handleEmail(delivery, deps),
    sms: (delivery) => handleSms(delivery, deps),
    webhook: (delivery) => handleWebhook(delivery, deps),
    ga4: (delivery) => handleGa4(delivery, deps),
    job_tracker: (delivery) => handleJobTracker(delivery, deps),
    calendar: (delivery) => handleCalendar(delivery, deps),
  };
}
