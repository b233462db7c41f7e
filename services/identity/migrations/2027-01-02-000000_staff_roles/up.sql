-- Issue 25: staff roles. `admin` may do everything staff may; `support` works tickets and reads
-- members but adjusts no credits and manages no staff accounts.
ALTER TABLE admin_users ADD CONSTRAINT admin_users_role_check CHECK (role IN ('admin', 'support'));
