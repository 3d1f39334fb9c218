import { REPORT_TOPICS } from '../../../../shared/contracts/reports';
import { queryKeys } from '../../../lib/query-keys';
import { useLiveTopic } from '../../../lib/use-live-topic';

const LIVE_KEYS = [queryKeys.reports.all];

/**
 * Keeps every report query fresh (the statement and the records behind its lines): a change to any
 * topic the reports read refetches them, and the statement's ETag makes a refetch of an unchanged one a
 * 304. One hook per topic, always the same nine (`REPORT_TOPICS`), in the same order.
 */
export function useReportTopics(): void {
  useLiveTopic(REPORT_TOPICS[0], LIVE_KEYS);
  useLiveTopic(REPORT_TOPICS[1], LIVE_KEYS);
  useLiveTopic(REPORT_TOPICS[2], LIVE_KEYS);
  useLiveTopic(REPORT_TOPICS[3], LIVE_KEYS);
  useLiveTopic(REPORT_TOPICS[4], LIVE_KEYS);
  useLiveTopic(REPORT_TOPICS[5], LIVE_KEYS);
  useLiveTopic(REPORT_TOPICS[6], LIVE_KEYS);
  useLiveTopic(REPORT_TOPICS[7], LIVE_KEYS);
  useLiveTopic(REPORT_TOPICS[8], LIVE_KEYS);
}
