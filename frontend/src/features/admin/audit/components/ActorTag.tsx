import { Tag } from 'antd';
import type { Actor } from '@team/contracts';

const ACTOR_COLORS: Record<Actor, string | undefined> = { admin: 'volcano', public: 'blue', system: undefined };

/** Who caused an event: an admin, a public visitor (a recorded match) or the system. */
export function ActorTag({ actor }: { actor: Actor }) {
  return <Tag color={ACTOR_COLORS[actor]}>{actor}</Tag>;
}
