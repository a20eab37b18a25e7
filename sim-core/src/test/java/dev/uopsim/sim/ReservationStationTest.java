package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ReservationStationTest {
    private static final int P0 = 1, P1 = 2, P01 = 3;
    private final long[] readyAt = new long[128];
    private final ReservationStation station = new ReservationStation(2, 128, 8, readyAt);

    private void enter(int uid, int q, int ports) {
        station.enter(uid, q, station.classOf(q, ports));
    }

    private long candidates(int q, int used) {
        int[] full = new int[8];
        return station.candidates(q, 0, full, station.fullClasses(q, used, full));
    }

    @Test
    void aNewMicroOpIsCheckedInItsOwnQueueWhateverPortsAreTaken() {
        // given
        enter(3, 1, P0);
        // then
        assertEquals(0, candidates(0, 0));
        assertEquals(1L << 3, candidates(1, 0));
        assertEquals(1L << 3, candidates(1, P0 | P1), "unchecked µops are looked at even with their ports taken");
        assertEquals(1, station.occupancy[1]);
    }

    @Test
    void aReadyMicroOpIsPassedOverOnceEveryPortItMayUseIsTaken() {
        // given
        enter(1, 0, P01);
        enter(2, 0, P1);
        // when
        station.ready(1);
        station.ready(2);
        // then
        assertEquals(0b110, candidates(0, 0));
        assertEquals(0b010, candidates(0, P1), "µop 1 may still go to P0");
        assertEquals(0, candidates(0, P01));
        assertEquals(0b110, station.candidates(0, 0, new int[8], 0), "with no class passed over, every waiting µop");
    }

    @Test
    void aMicroOpReadyLaterWaitsOnTheWheelUntilItsCycle() {
        // given
        enter(5, 0, P0);
        readyAt[5] = 300;
        // when
        station.later(5, 300, 10);
        // then: not looked at before its cycle, even when the wheel comes round
        assertEquals(0, candidates(0, 0));
        for (long c = 11; c < 300; c++) {
            station.release(c);
            assertEquals(0, candidates(0, 0), "cycle " + c);
        }
        station.release(300);
        assertEquals(1L << 5, candidates(0, 0));
    }

    @Test
    void anIssuedMicroOpLeavesItsQueue() {
        // given
        enter(7, 0, P0);
        station.ready(7);
        // when
        station.issue(7);
        // then
        assertEquals(0, candidates(0, 0));
        assertEquals(0, station.occupancy[0]);
    }

    @Test
    void aParkedMicroOpIsNotLookedAtUntilWoken() {
        // given
        enter(4, 0, P0);
        // when
        station.park(4);
        // then
        assertEquals(0, candidates(0, 0));
        station.recheck(4);
        assertEquals(1L << 4, candidates(0, 0));
    }
}
