/* A struct in the style of drivers/net/e100.c's struct nic: groups of
   members start on their own cachelines, so the members before each group
   leave holes that reordering must not fill from another group.  */
#define ____cacheline_aligned __attribute__((__aligned__(64)))

struct net_device;
struct pci_dev;
struct rx;
struct rfd {
	unsigned short status, command;
	unsigned int link;
	unsigned int rbd;
	unsigned short actual_size, size;
};
enum ru_state { RU_SUSPENDED, RU_RUNNING, RU_UNINITIALIZED };
typedef struct { volatile unsigned int lock; } spinlock_t;

struct nic {
	/* Begin: frequently used values: keep adjacent for cache effect */
	unsigned int msg_enable ____cacheline_aligned;
	struct net_device *netdev;
	struct pci_dev *pdev;

	struct rx *rxs ____cacheline_aligned;
	struct rx *rx_to_use;
	struct rx *rx_to_clean;
	struct rfd blank_rfd;
	enum ru_state ru_running;

	spinlock_t cb_lock ____cacheline_aligned;
	spinlock_t cmd_lock;
	unsigned char flags;
	unsigned long long counters[9];
};

struct nic nic;
