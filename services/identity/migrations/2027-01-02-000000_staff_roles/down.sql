ALTER TABLE admin_users DROP CONSTRAINT admin_users_role_check;
