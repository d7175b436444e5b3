@echo off
:: DiskSpd command lines as published, each under a comment naming where it is copied from.
:: tests/unit/diskspd/command_line_gtest.cpp imports them one at a time; its table gives what
:: each must become. The VMFleet lines are the command its PowerShell script builds, with the
:: values the same script assigns to its variables, and (dir C:\run\testfile?.dat) as the one
:: test file a fleet VM holds.
set RESULTS=C:\DiskSpd

:: DiskSpd's usage text (CmdLineParser.cpp, _DisplayUsageInfo), first example
diskspd -c8192K -d1 testfile.dat
:: DiskSpd's usage text, second example
diskspd -b4K -t2 -r -o32 -d10 -Sh testfile.dat
:: DiskSpd's usage text, third example
diskspd -c1G -b4K -t2 -d10 -a0,1 testfile1.dat testfile2.dat
:: DiskSpd wiki, Sample command lines: large area random concurrent reads of 4KB blocks
diskspd -c2G -b4K -F8 -r -o32 -W60 -d60 -Sh testfile.dat
:: DiskSpd wiki, Sample command lines: large area random concurrent writes of 4KB blocks
diskspd -c2G -w100 -b4K -F8 -r -o32 -W60 -d60 -Sh testfile.dat
:: DiskSpd wiki, Sample command lines: large area random serial reads of 4KB blocks
diskspd -c2G -b4K -r -o1 -W60 -d60 -Sh testfile.dat
:: DiskSpd wiki, Sample command lines: large area random serial writes of 4KB blocks
diskspd -c2G -w100 -b4K -r -o1 -W60 -d60 -Sh testfile.dat
:: DiskSpd wiki, Sample command lines: large area sequential concurrent reads of 4KB blocks
diskspd -c2G -b4K -F8 -T1b -s8b -o32 -W60 -d60 -Sh testfile.dat
:: DiskSpd wiki, Sample command lines: large area sequential serial reads of 4KB blocks
diskspd -c2G -b4K -o1 -W60 -d60 -Sh testfile.dat
:: DiskSpd wiki, Sample command lines: large area sequential serial writes of 4KB blocks
diskspd -c2G -w100 -b4K -o1 -W60 -d60 -Sh testfile.dat
:: DiskSpd wiki, Sample command lines: small area concurrent reads of 4KB blocks
diskspd -c100b -b4K -o32 -F8 -T1b -s8b -W60 -d60 -Sh testfile.dat
:: VMFleet 1.0, run-demo-7030.ps1 ($b = 4, $t = 8, $o = 20, $w = 30)
C:\run\diskspd.exe -n -h -t8 -o20 -b4k -r4k -w30 -W10 -d60 -C10 -D -L C:\run\testfile1.dat
:: VMFleet 1.0, run-demo-100r.ps1 ($b = 4, $t = 8, $o = 20, $w = 0)
C:\run\diskspd.exe -n -h -t8 -o20 -b4k -r4k -w0 -W10 -d60 -C10 -D -L C:\run\testfile1.dat
:: VMFleet, VMFleet.psm1 Set-FleetBaseScript ($b = 4; $t = 1; $o = 32; $w = 0; $p = 'r';
:: $d = 30*60; $cool = 30; $warm = 60; $res = 'text'; no rate limit)
C:\run\diskspd.exe -Z20M -z -h -t1 -o32 -b4k -r4k -w0 -W60 -C30 -d1800 -D -L -Rtext C:\run\testfile1.dat
:: the same script where the VM has a raw data disk ($target = '#1')
C:\run\diskspd.exe -Z20M -z -h -t1 -o32 -b4k -r4k -w0 -W60 -C30 -d1800 -D -L -Rtext #1
:: sqlperformance.com (2015/08, "diskspd-test-storage"), as quoted in gist nanoDBA/fbee0920,
:: its dashes typographic as published
c:\DiskSpd\amd64\diskspd.exe –b8K –d30 –o4 –t8 –Suw –r –w25 –L –Z1G –c20G T:\io.diskspd64-bit.testfile.dat > c:\DiskSpd\DiskSpeedResults.txt
:: the same line with plain dashes
c:\DiskSpd\amd64\diskspd.exe -b8K -d30 -o4 -t8 -Suw -r -w25 -L -Z1G -c20G T:\io.diskspd64-bit.testfile.dat > c:\DiskSpd\DiskSpeedResults.txt
:: a line that depends on a variable of the script
diskspd -c1G -d60 %RESULTS%\test.dat
