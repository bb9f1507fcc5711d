//! The test BIOS's machine code: the reset path in ROM, the vectors and the
//! A0/B0/C0 dispatchers in RAM. Everything else is Rust (`main.rs`).
//!
//! The values written to the memory and cache control registers are the
//! console's documented power-on settings (bus widths and wait states of
//! each region, 2 MiB of RAM, the instruction cache on).

core::arch::global_asm!(
    r#"
    .set noreorder
    .set noat

# ---- ROM 0x000: the CPU starts here, uncached. ---------------------------
    .section .rom.reset, "ax", @progbits
    .globl __reset
__reset:
    lui   $t0, %hi(rom_boot)
    addiu $t0, $t0, %lo(rom_boot)
    jr    $t0
    nop

# ---- ROM 0x180: exceptions while SR.BEV is set (only during boot). -------
    .section .rom.exception, "ax", @progbits
rom_exception:
    mfc0  $a0, $13
    mfc0  $a1, $14
    mfc0  $a2, $8
    lui   $k0, %hi(ram_exception_call)
    addiu $k0, $k0, %lo(ram_exception_call)
    jr    $k0
    nop

# ---- ROM: start-up. ---------------------------------------------------------
    .section .rom.boot, "ax", @progbits
rom_boot:
    # Interrupts off, exceptions to the ROM vector (BEV) until RAM is ready.
    lui   $t0, 0x0040
    mtc0  $t0, $12
    nop
    mtc0  $zero, $13

    # Memory control: expansion 1 and 2 bases, each region's delay/size,
    # the common delay, and the RAM size register.
    lui   $t0, 0x1F80
    lui   $t1, 0x1F00
    sw    $t1, 0x1000($t0)
    li    $t1, 0x1F802000
    sw    $t1, 0x1004($t0)
    li    $t1, 0x0013243F
    sw    $t1, 0x1008($t0)
    li    $t1, 0x00003022
    sw    $t1, 0x100C($t0)
    li    $t1, 0x0013243F
    sw    $t1, 0x1010($t0)
    li    $t1, 0x200931E1
    sw    $t1, 0x1014($t0)
    li    $t1, 0x00020843
    sw    $t1, 0x1018($t0)
    li    $t1, 0x00070777
    sw    $t1, 0x101C($t0)
    li    $t1, 0x00031125
    sw    $t1, 0x1020($t0)
    li    $t1, 0x00000B88
    sw    $t1, 0x1060($t0)
    # No interrupt source enabled, every pending one acknowledged.
    sw    $zero, 0x1074($t0)
    sw    $zero, 0x1070($t0)

    # The vectors to 0x80000080..0x800000D0.
    la    $t0, __vectors_load
    la    $t1, __vectors_start
    la    $t2, __vectors_end
1:  lw    $t3, 0($t0)
    addiu $t0, $t0, 4
    sw    $t3, 0($t1)
    addiu $t1, $t1, 4
    bne   $t1, $t2, 1b
    nop

    # The kernel (code and data) to 0x80000500.
    la    $t0, __kernel_load
    la    $t1, __kernel_start
    la    $t2, __kernel_end
    beq   $t1, $t2, 3f
    nop
2:  lw    $t3, 0($t0)
    addiu $t0, $t0, 4
    sw    $t3, 0($t1)
    addiu $t1, $t1, 4
    bne   $t1, $t2, 2b
    nop
3:
    # Its .bss zeroed.
    la    $t1, __bss_start
    la    $t2, __bss_end
    beq   $t1, $t2, 5f
    nop
4:  sw    $zero, 0($t1)
    addiu $t1, $t1, 4
    bne   $t1, $t2, 4b
    nop
5:
    # Invalidate the 4 KiB instruction cache (its tags are garbage at power
    # on, and RAM now holds new code): with the cache isolated (SR.IsC) and
    # the cache control in tag-test mode, a store to each 16-byte line
    # clears that line's valid bits.
    li    $t0, 0xFFFE0130
    li    $t1, 0x00000804
    sw    $t1, 0($t0)
    lui   $t1, 0x0041
    mtc0  $t1, $12
    nop
    nop
    move  $t2, $zero
    li    $t3, 0x1000
6:  sw    $zero, 0($t2)
    addiu $t2, $t2, 16
    bne   $t2, $t3, 6b
    nop
    lui   $t1, 0x0040
    mtc0  $t1, $12
    nop
    nop
    li    $t1, 0x0001E988
    sw    $t1, 0($t0)

    # Exceptions to the RAM vector from now on; interrupts stay off.
    mtc0  $zero, $12
    nop

    # The boot's own stack, at the top of RAM (the program sets its own).
    li    $sp, 0x801FFF00
    la    $t0, testbios_boot
    jalr  $t0
    nop

    # Hand over (ROM 0x6990).
    la    $t0, rom_handover
    jr    $t0
    nop

rom_no_exe:
    la    $t0, testbios_no_exe
    jr    $t0
    nop

ram_exception_call:
    la    $sp, exception_stack_top
    la    $t0, testbios_exception
    jr    $t0
    nop

# ---- ROM 0x6990: the hand-over. --------------------------------------------
# Mednafen, side-loading a PS-EXE, overwrites the first word with a jump to
# its loader (which copies the exe to RAM, sets SP and jumps to its entry).
# Left alone, it goes on to the next boot path.
    .section .rom.handover, "ax", @progbits
rom_handover:
    j     rom_no_exe
    nop

# ---- RAM 0x80000080: the exception vector. ---------------------------------
    .section .vectors.exception, "ax", @progbits
    lui   $k0, %hi(ram_exception)
    addiu $k0, $k0, %lo(ram_exception)
    jr    $k0
    nop

# ---- RAM 0xA0, 0xB0, 0xC0: the function tables' vectors. --------------------
# A caller puts the function number in $t1 and jumps to the vector.
    .section .vectors.a0, "ax", @progbits
    lui   $t0, %hi(dispatch_a0)
    addiu $t0, $t0, %lo(dispatch_a0)
    jr    $t0
    nop
    .section .vectors.b0, "ax", @progbits
    lui   $t0, %hi(dispatch_b0)
    addiu $t0, $t0, %lo(dispatch_b0)
    jr    $t0
    nop
    .section .vectors.c0, "ax", @progbits
    lui   $t0, %hi(dispatch_c0)
    addiu $t0, $t0, %lo(dispatch_c0)
    jr    $t0
    nop

# ---- RAM: the kernel. --------------------------------------------------------
    .section .text.testbios.kernel, "ax", @progbits
ram_exception:
    mfc0  $a0, $13
    mfc0  $a1, $14
    mfc0  $a2, $8
    la    $sp, exception_stack_top
    la    $t0, testbios_exception
    jr    $t0
    nop

# Each implemented function is reached by a tail jump, so it returns straight
# to the caller; anything else stops in testbios_missing(table, number, ra).
dispatch_a0:
    li    $t0, 0x3F
    beq   $t1, $t0, a0_printf
    nop
    li    $t0, 0x3C
    beq   $t1, $t0, a0_putchar
    nop
    li    $t0, 0x3E
    beq   $t1, $t0, a0_puts
    nop
    li    $t0, 0x44
    beq   $t1, $t0, a0_flush_cache
    nop
    b     missing
    li    $a0, 0xA0

# FlushCache(): invalidates the instruction cache, as at boot, for a program
# that has put new code in RAM (the game's unpacker). The cache is isolated
# while this works, so it runs uncached: from the KSEG1 alias of its code.
a0_flush_cache:
    la    $t0, flush_cache_uncached
    lui   $t2, 0xA000
    or    $t0, $t0, $t2
    jr    $t0
    nop
flush_cache_uncached:
    mfc0  $t3, $12
    li    $t0, 0xFFFE0130
    lw    $t4, 0($t0)
    li    $t1, 0x00000804
    sw    $t1, 0($t0)
    # SR: the cache isolated (IsC), interrupts off.
    lui   $t1, 0x0001
    mtc0  $t1, $12
    nop
    nop
    move  $t2, $zero
    li    $t5, 0x1000
7:  sw    $zero, 0($t2)
    addiu $t2, $t2, 16
    bne   $t2, $t5, 7b
    nop
    mtc0  $t3, $12
    nop
    nop
    sw    $t4, 0($t0)
    jr    $ra
    nop

dispatch_b0:
    li    $t0, 0x3D
    beq   $t1, $t0, b0_putchar_impl
    nop
    li    $t0, 0x3F
    beq   $t1, $t0, b0_puts
    nop
    b     missing
    li    $a0, 0xB0

dispatch_c0:
    li    $a0, 0xC0
missing:
    move  $a1, $t1
    move  $a2, $ra
    la    $t0, testbios_missing
    jr    $t0
    nop

# printf(fmt, ...): the o32 caller leaves 16 bytes at 0($sp) for the four
# register arguments; with them stored there, every argument is one array.
a0_printf:
    sw    $a0, 0($sp)
    sw    $a1, 4($sp)
    sw    $a2, 8($sp)
    sw    $a3, 12($sp)
    la    $t0, testbios_printf
    jr    $t0
    move  $a0, $sp
a0_putchar:
    la    $t0, testbios_a0_putchar
    jr    $t0
    nop
a0_puts:
b0_puts:
    la    $t0, testbios_puts
    jr    $t0
    nop
b0_putchar_impl:
    la    $t0, testbios_putchar
    jr    $t0
    nop

# Every character the BIOS prints goes through here: B0(3Dh) putchar, called
# by its vector, where Mednafen (-psx.dbg_level 2) reads it.
    .globl b0_putchar
b0_putchar:
    li    $t0, 0xB0
    jr    $t0
    li    $t1, 0x3D

# The exception handler's own stack.
    .section .bss.testbios.exception_stack, "aw", @nobits
    .balign 8
    .space 1024
exception_stack_top:
"#
);
