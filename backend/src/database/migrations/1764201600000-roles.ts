import type { MigrationInterface, QueryRunner } from 'typeorm';

// Roles (issue 10, item 3): named permission sets given to users.
//
// - app_role: a name (unique ignoring case), a description and a list of permission names
//   (route names less Index/Create/Update, the same vocabulary as app_user.permissions).
//   `version` for optimistic locking: two administrators editing one role cannot overwrite
//   each other silently.
// - app_user_role: which user holds which role. A role still held cannot be deleted (RESTRICT:
//   the service refuses first with a message naming the holders; the key is the last line).
// - app_user.permissions keeps its meaning as the user's *extra* pages beyond their roles; a
//   user's effective permissions are the union. Nothing is converted, so an existing install
//   loses no access: every tick a user had stays as an extra page.
export class Roles1764201600000 implements MigrationInterface {
  name = 'Roles1764201600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE app_role (
        id serial PRIMARY KEY,
        name varchar(64) NOT NULL,
        description varchar(255) NOT NULL DEFAULT '',
        permissions text[] NOT NULL DEFAULT '{}',
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX app_role_name_unique ON app_role ((lower(name)))`);
    await queryRunner.query(`
      CREATE TABLE app_user_role (
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        role_id integer NOT NULL REFERENCES app_role (id) ON DELETE RESTRICT,
        PRIMARY KEY (user_id, role_id)
      )`);
    // The primary key serves "roles of a user" (every request); this one "holders of a role".
    await queryRunner.query(`CREATE INDEX app_user_role_role_idx ON app_user_role (role_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE app_user_role`);
    await queryRunner.query(`DROP TABLE app_role`);
  }
}
