/** Where the admin panel signs in, and where a signed-in admin lands. */
export const LOGIN_PATH = "/admin";
export const HOME_PATH = "/dashboard";
