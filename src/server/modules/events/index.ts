export {
  type ChangeEvent,
  EVENTS_CHANNEL,
  isKnownTopic,
  publishChange,
  STATIC_TOPICS,
} from './events.service';
export { LiveTopics, type LiveTopicsOptions, type TopicListener } from './live-topics';
