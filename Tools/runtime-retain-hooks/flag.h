void set_instrumentation_flag(void);
