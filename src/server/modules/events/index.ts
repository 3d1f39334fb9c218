export {
  closeEventStreams,
  EVENTS_PATH,
  eventsRoutes,
  MAX_REPLAYED_EVENTS,
  MAX_STREAMS_PER_ADDRESS,
  MAX_STREAMS_PER_USER,
  openEventStreamCount,
} from './events.routes';
export {
  type ChangeEvent,
  EVENTS_CHANNEL,
  eventRowsCte,
  isKnownTopic,
  publishChange,
  publishChanges,
  STATIC_TOPICS,
  topicList,
  topicQueryCtes,
  topicVersionSql,
} from './events.service';
export { LiveTopics, type LiveTopicsOptions, type TopicListener } from './live-topics';
export { addTopicRule, assertMayFollow, type TopicRule } from './topic-access';
