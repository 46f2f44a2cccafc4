import type { Db } from '../../db/database.js';
import { markDoneOnce } from '../../db/mark-done.js';
import { feedback } from '../../db/schema.js';
import { FEEDBACK_THANKS } from './texts.js';
import type { FeedbackCreated } from './schemas.js';

/** Site feedback from the footer panel (spec §2, §5): stored with its author and page. No HTTP here. */
export class FeedbackService {
  constructor(private readonly db: Db) {}

  async submit(userId: string, input: { comment: string; page: string | null }): Promise<FeedbackCreated> {
    const [row] = await this.db
      .insert(feedback)
      .values({ userId, comment: input.comment, page: input.page })
      .returning({ id: feedback.id, comment: feedback.comment, createdAt: feedback.createdAt });
    if (!row) throw new Error('insert into feedback returned no row');
    return { id: row.id, comment: row.comment, created_at: row.createdAt.toISOString(), message: FEEDBACK_THANKS };
  }

  /**
   * The console's inbox marks feedback done (issue 14; in its transaction, beside the audit
   * entry). Answers when it was done — now, or earlier — or null for an unknown id.
   */
  markDone(id: string, now: Date, db: Pick<Db, 'select' | 'update'> = this.db): Promise<{ doneAt: Date; changed: boolean } | null> {
    return markDoneOnce(db, feedback, id, now);
  }
}
