/** The admin the browser tests' store is started with (ADMIN_* settings, DECISIONS 18). */
export const ADMIN = { username: 'e2eadmin', email: 'e2eadmin@example.com', password: 'Admin12345' } as const;
