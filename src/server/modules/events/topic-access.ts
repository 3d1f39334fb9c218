import { hasStaffAccess } from '../../../shared/roles';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/context';
import { badRequest, forbidden } from '../../lib/errors';
import { isKnownTopic } from './events.service';

/** What a rule sees: who asks (null: a guest), the topic's key (the id of `order:<id>`). */
export interface TopicAccessRequest {
  actor: Actor | null;
  key: string | undefined;
  db: Database;
}

/** Whether the caller may follow a topic; may read the database (the owner of an order). */
export type TopicRule = (request: TopicAccessRequest) => boolean | Promise<boolean>;

/**
 * Who may follow each live topic, by its prefix (the part before `:`), deny by default: a known topic
 * without a rule is refused. A module above this one adds the rule for its own topics with
 * `addTopicRule` (the orders module: `order:<id>`, the order's customer or staff), so the events
 * module imports none of them.
 */
const TOPIC_RULES: Record<string, TopicRule> = {
  menu: () => true,
  settings: () => true,
  'order-requests': ({ actor }) => hasStaffAccess(actor?.role),
  orders: ({ actor }) => hasStaffAccess(actor?.role),
  notifications: ({ actor, key }) => actor !== null && actor.id === key,
};

/** Adds the rule for a prefix that has none yet (a module's own keyed topic). */
export function addTopicRule(prefix: string, rule: TopicRule): void {
  if (TOPIC_RULES[prefix] && TOPIC_RULES[prefix] !== rule) throw new Error(`topic rule ${prefix} exists`);
  TOPIC_RULES[prefix] = rule;
}

/** Most topics one stream may follow; a screen needs two or three. */
export const MAX_TOPICS_PER_STREAM = 16;

/**
 * The topics of `?topics=a,b` in order without repeats; a 400 naming the parameter when it is empty or
 * too long, or naming a topic that does not exist.
 */
export function parseTopics(value: string | undefined): string[] {
  const topics = [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((topic) => topic.trim())
        .filter(Boolean),
    ),
  ];
  if (topics.length === 0) {
    throw badRequest('Invalid query: topics: name at least one topic, such as topics=menu', {
      issues: [{ path: 'topics', message: 'name at least one topic, such as topics=menu' }],
    });
  }
  if (topics.length > MAX_TOPICS_PER_STREAM) {
    const message = `name at most ${MAX_TOPICS_PER_STREAM} topics`;
    throw badRequest(`Invalid query: topics: ${message}`, { issues: [{ path: 'topics', message }] });
  }
  for (const topic of topics) {
    if (!isKnownTopic(topic)) {
      const message = `there is no live topic “${topic}”`;
      throw badRequest(`Invalid query: topics: ${message}`, { issues: [{ path: 'topics', message }] });
    }
  }
  return topics;
}

/** Throws 403 naming the first topic the actor may not follow. */
export async function assertMayFollow(
  db: Database,
  actor: Actor | null,
  topics: readonly string[],
): Promise<void> {
  for (const topic of topics) {
    const separator = topic.indexOf(':');
    const prefix = separator === -1 ? topic : topic.slice(0, separator);
    const key = separator === -1 ? undefined : topic.slice(separator + 1);
    const rule = TOPIC_RULES[prefix];
    // Deny by default: an internal topic, or one whose module has not said who may read it yet.
    if (!rule) throw forbidden(`“${topic}” cannot be followed.`);
    if (!(await rule({ actor, key, db }))) {
      throw forbidden(
        actor
          ? `You may not follow “${topic}”.`
          : `Sign in with an account that may see it to follow “${topic}”.`,
      );
    }
  }
}
