// Runs before every test file.
process.env.LOG_LEVEL ??= "silent";
