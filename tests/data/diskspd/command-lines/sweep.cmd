@echo off
REM A sweep in the shape VMFleet's run-demo scripts run (Frameworks/VMFleet1.0): 4 KiB
REM random at 100, 90 and 70 percent reads, unbuffered with write-through, threads unpinned.
REM Written with CRLF ends, as a .cmd file is; docs/diskspd.md imports it.
set RUN=C:\run

C:\run\diskspd.exe -n -h -t8 -o20 -b4k -r4k -w0 -W10 -d60 -C10 -D -L -c10G C:\run\testfile1.dat > C:\run\result-w0.txt
C:\run\diskspd.exe -n -h -t8 -o20 -b4k -r4k -w10 -W10 -d60 -C10 -D -L -c10G C:\run\testfile1.dat > C:\run\result-w10.txt
C:\run\diskspd.exe -n -h -t8 -o20 -b4k -r4k -w30 -W10 -d60 -C10 -D -L -c10G C:\run\testfile1.dat > C:\run\result-w30.txt
