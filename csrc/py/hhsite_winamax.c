/* placeholder */
#define METHOD_WINAMAX {NULL, NULL, 0, NULL}
