import type { Migration } from './index.js';

/**
 * The interactive features of the live service, the commerce service and the resource host
 * (server/interact): papers and quizzes, answer sheets, roll calls, raffles, red packets,
 * balances and withdrawals, gifts and rewards, goods and orders, recommendations, posters
 * and invitations, consultations, Q&A and shared documents.
 *
 * Amounts are TEXT decimal strings in yuan with two decimals (PROTOCOL 1.4), never REAL.
 * Times are milliseconds since the epoch.
 */
export const m004Interact: Migration = {
  version: 4,
  name: 'interact',
  up(db) {
    db.exec(`
      -- Per-room switches and pointers of the interactive features.
      CREATE TABLE interact_rooms (
        webcast_id TEXT PRIMARY KEY REFERENCES rooms(id),
        rewards_enabled INTEGER NOT NULL DEFAULT 1,   -- 0: rewards disabled (code 4405)
        goods_enabled INTEGER NOT NULL DEFAULT 1,     -- 0: products disabled by the platform (4406)
        qa_state TEXT NOT NULL DEFAULT 'unopened' CHECK (qa_state IN ('on', 'off', 'unopened')),
        pushed_goods_id TEXT,
        pushed_recommend_id TEXT,
        shared_doc_id TEXT,                           -- null: no sharing content
        shared_doc_page INTEGER NOT NULL DEFAULT 1,
        whiteboard_open INTEGER NOT NULL DEFAULT 0,
        share_updated_at INTEGER,
        seeded_at INTEGER
      );

      -- Questionnaires and quizzes. items: JSON list of questions; a quiz's choice questions
      -- carry their correct option numbers, which are never sent before the user answers.
      CREATE TABLE papers (
        id TEXT PRIMARY KEY,
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        kind TEXT NOT NULL CHECK (kind IN ('questionnaire', 'quiz')),
        title TEXT NOT NULL,
        items TEXT NOT NULL,
        published_at INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX papers_room ON papers(webcast_id);

      CREATE TABLE paper_answers (
        paper_id TEXT NOT NULL REFERENCES papers(id),
        user_id TEXT NOT NULL REFERENCES users(id),
        answers TEXT NOT NULL,                        -- JSON, as checked and normalised
        score INTEGER,                                -- quizzes only
        total INTEGER,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (paper_id, user_id)
      );

      -- Answer sheets: one quick question with lettered options.
      CREATE TABLE answer_sheets (
        id TEXT PRIMARY KEY,
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        title TEXT NOT NULL,
        multiple INTEGER NOT NULL DEFAULT 0,
        options TEXT NOT NULL,                        -- JSON [{number, text}]
        correct TEXT,                                 -- JSON [number] or null (a poll)
        published_at INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX answer_sheets_room ON answer_sheets(webcast_id);

      CREATE TABLE answer_sheet_answers (
        sheet_id TEXT NOT NULL REFERENCES answer_sheets(id),
        user_id TEXT NOT NULL REFERENCES users(id),
        answer TEXT NOT NULL,                         -- JSON [number]
        correct INTEGER,                              -- null when the sheet has no key
        created_at INTEGER NOT NULL,
        PRIMARY KEY (sheet_id, user_id)
      );

      CREATE TABLE roll_calls (
        id TEXT PRIMARY KEY,
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        started_at INTEGER NOT NULL,
        deadline INTEGER NOT NULL
      );
      CREATE INDEX roll_calls_room ON roll_calls(webcast_id);

      CREATE TABLE roll_call_answers (
        roll_call_id TEXT NOT NULL REFERENCES roll_calls(id),
        user_id TEXT NOT NULL REFERENCES users(id),
        created_at INTEGER NOT NULL,
        PRIMARY KEY (roll_call_id, user_id)
      );

      CREATE TABLE raffles (
        id TEXT PRIMARY KEY,
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        title TEXT NOT NULL,
        prize TEXT NOT NULL,
        winner_count INTEGER NOT NULL CHECK (winner_count >= 1),
        password TEXT,                                -- null: everyone in the room takes part
        state TEXT NOT NULL DEFAULT 'ready' CHECK (state IN ('ready', 'open', 'ended')),
        started_at INTEGER,
        ended_at INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX raffles_room ON raffles(webcast_id);

      CREATE TABLE raffle_entries (
        raffle_id TEXT NOT NULL REFERENCES raffles(id),
        user_id TEXT NOT NULL REFERENCES users(id),
        name TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (raffle_id, user_id)
      );

      CREATE TABLE raffle_winners (
        raffle_id TEXT NOT NULL REFERENCES raffles(id),
        user_id TEXT NOT NULL REFERENCES users(id),
        name TEXT NOT NULL,
        contact_name TEXT,                            -- left by the winner for the prize
        contact_phone TEXT,
        contact_address TEXT,
        contact_at INTEGER,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (raffle_id, user_id)
      );

      -- Red packets: shares is the random split of total into count amounts, made when the
      -- host sends it; draw n takes share n.
      CREATE TABLE red_packets (
        id TEXT PRIMARY KEY,
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        title TEXT NOT NULL,
        total TEXT NOT NULL,
        count INTEGER NOT NULL CHECK (count >= 1),
        state INTEGER NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 2)),  -- not started, in progress, grabbed out
        shares TEXT,
        sent_at INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX red_packets_room ON red_packets(webcast_id);

      CREATE TABLE red_packet_draws (
        packet_id TEXT NOT NULL REFERENCES red_packets(id),
        user_id TEXT NOT NULL REFERENCES users(id),
        share_index INTEGER NOT NULL,
        amount TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (packet_id, user_id),
        UNIQUE (packet_id, share_index)
      );

      -- What a user may withdraw: red packet proceeds minus withdrawals.
      CREATE TABLE wallets (
        user_id TEXT PRIMARY KEY REFERENCES users(id),
        balance TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      );

      CREATE TABLE withdrawals (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id),
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        amount TEXT NOT NULL,
        balance_after TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX withdrawals_user ON withdrawals(user_id);

      CREATE TABLE gifts (
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        gift TEXT NOT NULL,
        title TEXT NOT NULL,
        price TEXT NOT NULL,
        sort INTEGER NOT NULL,
        PRIMARY KEY (webcast_id, gift)
      );

      CREATE TABLE rewards (
        id TEXT PRIMARY KEY,
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        user_id TEXT NOT NULL REFERENCES users(id),
        gift TEXT NOT NULL,
        count INTEGER NOT NULL,
        amount TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX rewards_room ON rewards(webcast_id);

      CREATE TABLE goods (
        id TEXT PRIMARY KEY,
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        name TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        image_url TEXT,
        price TEXT NOT NULL,
        stock INTEGER NOT NULL CHECK (stock >= 0),
        sort INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX goods_room ON goods(webcast_id, sort);

      CREATE TABLE orders (
        id TEXT PRIMARY KEY,
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        goods_id TEXT NOT NULL REFERENCES goods(id),
        user_id TEXT NOT NULL REFERENCES users(id),
        count INTEGER NOT NULL,
        amount TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX orders_user ON orders(user_id);

      CREATE TABLE recommendations (
        id TEXT PRIMARY KEY,
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        title TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        image_url TEXT,
        link_url TEXT,
        sort INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX recommendations_room ON recommendations(webcast_id, sort);

      CREATE TABLE poster_templates (
        id TEXT PRIMARY KEY,
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        title TEXT NOT NULL,
        content TEXT NOT NULL,                        -- JSON {title, text, colour, background}
        sort INTEGER NOT NULL DEFAULT 0
      );

      -- A user's poster: from a template (one per user and template) or custom content.
      CREATE TABLE posters (
        id TEXT PRIMARY KEY,
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        user_id TEXT NOT NULL REFERENCES users(id),
        template_id TEXT REFERENCES poster_templates(id),
        content TEXT NOT NULL,
        invite_code TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX posters_user ON posters(webcast_id, user_id);
      CREATE UNIQUE INDEX posters_template_once ON posters(webcast_id, user_id, template_id) WHERE template_id IS NOT NULL;

      -- Who entered a room through whose invite; an invitee counts once per room.
      CREATE TABLE invitations (
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        invitee_id TEXT NOT NULL REFERENCES users(id),
        inviter_id TEXT NOT NULL REFERENCES users(id),
        poster_id TEXT NOT NULL REFERENCES posters(id),
        created_at INTEGER NOT NULL,
        PRIMARY KEY (webcast_id, invitee_id)
      );
      CREATE INDEX invitations_inviter ON invitations(webcast_id, inviter_id);

      CREATE TABLE consultations (
        id TEXT PRIMARY KEY,
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        user_id TEXT NOT NULL REFERENCES users(id),
        name TEXT NOT NULL,
        phone TEXT NOT NULL,
        content TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );

      -- Q&A: a question waits for review (pending) before it is shown; staff approve it or
      -- answer it. parent_id: a follow-up question to an earlier one.
      CREATE TABLE qa_questions (
        id TEXT PRIMARY KEY,
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        user_id TEXT NOT NULL REFERENCES users(id),
        name TEXT NOT NULL,
        content TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'answered')),
        parent_id TEXT REFERENCES qa_questions(id),
        answer TEXT,
        answered_by TEXT,
        answered_at INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX qa_questions_room ON qa_questions(webcast_id, created_at);

      -- Documents in a room's cloud storage (the resource host shares their pages).
      CREATE TABLE shared_documents (
        id TEXT PRIMARY KEY,
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        title TEXT NOT NULL,
        pages INTEGER NOT NULL CHECK (pages >= 1),
        created_at INTEGER NOT NULL
      );
      CREATE INDEX shared_documents_room ON shared_documents(webcast_id);
    `);
  },
};
